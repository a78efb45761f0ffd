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

/** Which days get a date under the axis: every day when there are few, else the first, the last
 *  and a few evenly between; never the same day twice (a single day had its date at both ends). */
export function dayLabelIndexes(n: number, most = 7): number[] {
  if (n <= most) return Array.from({ length: n }, (_, i) => i);
  const picks = new Set<number>();
  for (let k = 0; k < most; k++) picks.add(Math.round((k * (n - 1)) / (most - 1)));
  return [...picks];
}

/** Nice round ticks 0..top for a count axis (top ≥ max). */
export function countTicks(max: number): number[] {
  if (max <= 4) return Array.from({ length: Math.max(1, max) + 1 }, (_, i) => i);
  const step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000].find((s) => max / s <= 4) ?? Math.ceil(max / 4);
  const top = Math.ceil(max / step) * step;
  return Array.from({ length: top / step + 1 }, (_, i) => i * step);
}

/** Columns = grids answered per day (left axis), line = % correct (right axis); a table with the
 *  same data for screen readers. */
export function ProgressChart({ points }: { points: readonly ProgressPoint[] }) {
  if (!points.length) return <p className="muted">Încă nu ai răspunsuri în ultimele 90 de zile.</p>;
  const W = 600;
  const H = 200;
  const left = 40;
  const right = 44;
  const top = 12;
  const bottom = 28;
  const plotH = H - top - bottom;
  const ticks = countTicks(Math.max(...points.map((p) => p.answered), 1));
  const max = ticks[ticks.length - 1]!;
  const step = (W - left - right) / points.length;
  const bw = Math.max(2, Math.min(28, step * 0.7));
  const x = (i: number) => left + i * step + step / 2;
  const yCount = (n: number) => H - bottom - (plotH * n) / max;
  const yPct = (p: number) => H - bottom - (plotH * p) / 100;
  const line = points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${yPct(p.correct_pct).toFixed(1)}`).join(' ');
  const fmt = (d: string) => d.slice(8, 10) + '.' + d.slice(5, 7);
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="progress-title" className="chart__svg">
        <title id="progress-title">Progres: grile rezolvate pe zi și procentul de răspunsuri corecte</title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={left} x2={W - right} y1={yCount(t)} y2={yCount(t)} className={t ? 'chart__grid' : 'chart__axis'} />
            <text x={left - 6} y={yCount(t) + 4} className="chart__label" textAnchor="end">
              {t}
            </text>
          </g>
        ))}
        {[0, 50, 100].map((p) => (
          <text key={p} x={W - right + 6} y={yPct(p) + 4} className="chart__label chart__label--pct">
            {p}%
          </text>
        ))}
        {points.map((p, i) => {
          const h = (plotH * p.answered) / max;
          return <rect key={p.day} x={x(i) - bw / 2} y={H - bottom - h} width={bw} height={h} className="chart__bar" rx={2} />;
        })}
        <path d={line} className="chart__line" fill="none" />
        {points.length === 1 ? <circle cx={x(0)} cy={yPct(points[0]!.correct_pct)} r={4} className="chart__dot" /> : null}
        {dayLabelIndexes(points.length).map((i) => (
          <text key={i} x={x(i)} y={H - 8} className="chart__label" textAnchor="middle">
            {fmt(points[i]!.day)}
          </text>
        ))}
      </svg>
      <figcaption className="chart__legend">
        <span className="chart__key chart__key--bar" /> grile pe zi (axa din stânga) <span className="chart__key chart__key--line" /> % corecte (axa din dreapta)
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
