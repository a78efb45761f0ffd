// Small accessible SVG charts (no library): horizontal percentage bars and a daily progress chart.
export function PercentBar({ label, value, detail }: { label: string; value: number; detail?: string }) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <div className="pbar">
      <div className="pbar__head">
        <span className="pbar__label">{label}</span>
        <span className="pbar__value">
          {v.toLocaleString('ro-RO')}%{detail ? <span className="pbar__detail"> · {detail}</span> : null}
        </span>
      </div>
      <div className="pbar__track" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={v} aria-label={`${label}: ${v}% corecte`}>
        <div className="pbar__fill" style={{ width: `${v}%` }} />
      </div>
    </div>
  );
}

export type ProgressPoint = { day: string; answered: number; correct_pct: number };

/** Columns = grids answered per day, line = % correct; a table with the same data for screen readers. */
export function ProgressChart({ points }: { points: readonly ProgressPoint[] }) {
  if (!points.length) return <p className="muted">Încă nu ai răspunsuri în ultimele 90 de zile.</p>;
  const W = 600;
  const H = 180;
  const pad = 24;
  const max = Math.max(...points.map((p) => p.answered), 1);
  const step = (W - pad * 2) / points.length;
  const bw = Math.max(2, Math.min(28, step * 0.7));
  const x = (i: number) => pad + i * step + step / 2;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${(H - pad - ((H - pad * 2) * p.correct_pct) / 100).toFixed(1)}`).join(' ');
  const fmt = (d: string) => d.slice(8, 10) + '.' + d.slice(5, 7);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="progress-title" className="chart__svg">
        <title id="progress-title">Progres: grile rezolvate pe zi și procentul de răspunsuri corecte</title>
        <line x1={pad} x2={W - pad} y1={H - pad} y2={H - pad} className="chart__axis" />
        {points.map((p, i) => {
          const h = ((H - pad * 2) * p.answered) / max;
          return <rect key={p.day} x={x(i) - bw / 2} y={H - pad - h} width={bw} height={h} className="chart__bar" rx={2} />;
        })}
        <path d={line} className="chart__line" fill="none" />
        <text x={pad} y={H - 6} className="chart__label">
          {fmt(points[0]!.day)}
        </text>
        <text x={W - pad} y={H - 6} className="chart__label" textAnchor="end">
          {fmt(points[points.length - 1]!.day)}
        </text>
      </svg>
      <figcaption className="chart__legend">
        <span className="chart__key chart__key--bar" /> grile pe zi <span className="chart__key chart__key--line" /> % corecte
      </figcaption>
      <table className="sr-only">
        <caption>Progres pe zile</caption>
        <thead>
          <tr>
            <th>Ziua</th>
            <th>Grile</th>
            <th>% corecte</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.day}>
              <td>{p.day}</td>
              <td>{p.answered}</td>
              <td>{p.correct_pct}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
