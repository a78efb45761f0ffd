// The admission estimate over time (issue 31 §3): an accessible SVG (role="img", its text
// alternative states the latest estimate, band and gap) with a "Vezi ca tabel" view of the same
// figures. Points stand at their dates (a week without practice is a gap on the axis, not a step
// like any other); a narrow viewBox keeps the 12 px labels readable at 390 px.
import { useId, useState } from 'react';
import { formatNumber } from '../../shared/number-format.ts';
import { dayNumber } from '../../shared/plan/calendar.ts';
import {
  READINESS_TEXTS as T,
  formatDay,
  gapText,
  readinessAlt,
  shortDay,
  signedGap,
  thresholdText,
  type ReadinessHistory,
} from '../../shared/readiness/index.ts';

const W = 360;
const H = 220;
const PAD = { left: 30, right: 12, top: 16, bottom: 32 };

/** The y domain in whole grades around the band and the threshold, within the 0–10 scale. */
export function gradeDomain(h: ReadinessHistory): { lo: number; hi: number; ticks: number[] } {
  const ys = h.points.flatMap((p) => [p.low, p.high]);
  if (h.threshold) ys.push(h.threshold.min_grade);
  const lo = Math.max(0, Math.floor(Math.min(...ys) - 0.25));
  const hi = Math.min(10, Math.max(lo + 1, Math.ceil(Math.max(...ys) + 0.25)));
  const step = hi - lo > 6 ? 2 : 1;
  const ticks: number[] = [];
  for (let v = lo; v <= hi; v += step) ticks.push(v);
  return { lo, hi, ticks };
}

/** Room a 12 px "dd.mm" label needs, in viewBox units. */
const LABEL_GAP = 40;

/** Each point's x by its date over [x0, x0 + width]; one day alone stands in the middle. */
export function dateXs(dates: readonly string[], x0: number, width: number): number[] {
  const days = dates.map(dayNumber);
  const first = Math.min(...days);
  const span = Math.max(...days) - first;
  return days.map((d) => (span ? x0 + ((d - first) / span) * width : x0 + width / 2));
}

/** The dates to label under the axis: each distinct day, left to right, skipping one that would
 *  touch the label before it (the latest is always kept: it is the one a candidate looks for). */
export function dateLabels(dates: readonly string[], xs: readonly number[]): Array<{ date: string; x: number }> {
  const seen = new Map<string, number>();
  dates.forEach((d, i) => seen.set(d, xs[i]!));
  const all = [...seen].map(([date, x]) => ({ date, x })).sort((a, b) => a.x - b.x);
  const kept: Array<{ date: string; x: number }> = [];
  for (const label of all) {
    const last = kept.at(-1);
    if (!last || label.x - last.x >= LABEL_GAP) kept.push(label);
    else if (label === all.at(-1) && kept.length > 1) kept[kept.length - 1] = label;
  }
  return kept;
}

export function ReadinessChart({ history: h }: { history: ReadinessHistory }) {
  const id = useId();
  const [table, setTable] = useState(false);
  if (!h.points.length) return <p className="muted">{T.empty}</p>;
  const { lo, hi, ticks } = gradeDomain(h);
  // 14 units inside the axes at both ends, so the first and last marks and labels stay whole.
  const xs = dateXs(h.points.map((p) => p.date), PAD.left + 14, W - PAD.left - PAD.right - 28);
  const x = (i: number) => xs[i]!;
  const y = (g: number) => PAD.top + ((hi - g) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const pts = h.points;
  const band =
    pts.length > 1
      ? [...pts.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.high).toFixed(1)}`), ...[...pts].reverse().map((p, k) => `L${x(pts.length - 1 - k).toFixed(1)},${y(p.low).toFixed(1)}`), 'Z'].join(' ')
      : null;
  const line = pts.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.grade).toFixed(1)}`).join(' ');
  const latest = pts.at(-1)!;
  const alt = readinessAlt(h);
  return (
    <figure className="chart readiness">
      <p className="readiness__latest" data-testid="readiness-latest">
        Acum: <strong>{formatNumber(latest.grade)}</strong> (între {formatNumber(latest.low)} și {formatNumber(latest.high)})
        {h.gap !== null ? <> · <strong className={h.gap >= 0 ? 'readiness__gap--ok' : 'readiness__gap--below'}>{gapText(h.gap)}</strong></> : null}
      </p>
      {table ? (
        <div className="table-wrap">
          <table className="readiness__table" data-testid="readiness-table">
            <caption>{`${T.colGrade} — ${h.center.name}`}</caption>
            <thead>
              <tr>
                <th scope="col">{T.colDate}</th>
                <th scope="col">{T.colKind}</th>
                <th scope="col">{T.colGradeShort}</th>
                <th scope="col">{T.colBand}</th>
                {h.threshold ? <th scope="col">{T.colGap}</th> : null}
              </tr>
            </thead>
            <tbody>
              {pts.map((p) => (
                <tr key={`${p.kind}-${p.date}-${p.grade}`}>
                  <th scope="row">
                    {shortDay(p.date)}
                    <span className="sr-only">{formatDay(p.date).slice(5)}</span>
                  </th>
                  <td>{p.kind === 'simulation' ? T.simulation : T.practiceShort}</td>
                  <td>{formatNumber(p.grade)}</td>
                  <td>
                    {formatNumber(p.low)}–{formatNumber(p.high)}
                  </td>
                  {h.threshold ? <td>{signedGap(Math.round((p.grade - h.threshold.min_grade) * 100) / 100)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t`} className="chart__svg readiness__svg" data-testid="readiness-chart">
          <title id={`${id}-t`}>{alt}</title>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className={t === lo ? 'chart__axis' : 'chart__grid'} />
              <text x={PAD.left - 6} y={y(t) + 4} className="chart__label" textAnchor="end">
                {t}
              </text>
            </g>
          ))}
          <line x1={PAD.left} x2={PAD.left} y1={PAD.top} y2={H - PAD.bottom} className="chart__axis" />
          {band ? <path d={band} className="readiness__band" /> : null}
          {pts.length === 1 ? (
            <rect x={x(0) - 10} y={y(latest.high)} width={20} height={Math.max(1, y(latest.low) - y(latest.high))} className="readiness__band" rx={3} />
          ) : null}
          {h.threshold ? (
            <g>
              <line x1={PAD.left} x2={W - PAD.right} y1={y(h.threshold.min_grade)} y2={y(h.threshold.min_grade)} className="readiness__threshold" />
              <text x={W - PAD.right - 2} y={y(h.threshold.min_grade) - 5} className="chart__label readiness__threshold-label" textAnchor="end">
                prag {h.threshold.year}: {formatNumber(h.threshold.min_grade)}
              </text>
            </g>
          ) : null}
          <path d={line} className="readiness__line" fill="none" />
          {pts.map((p, i) =>
            p.kind === 'simulation' ? (
              <rect key={i} x={x(i) - 5} y={y(p.grade) - 5} width={10} height={10} transform={`rotate(45 ${x(i)} ${y(p.grade)})`} className="readiness__dot readiness__dot--sim" />
            ) : (
              <circle key={i} cx={x(i)} cy={y(p.grade)} r={4.5} className="readiness__dot readiness__dot--week" />
            ),
          )}
          {dateLabels(pts.map((p) => p.date), xs).map((l) => (
            <text key={l.date} x={l.x} y={H - 10} className="chart__label" textAnchor="middle">
              {shortDay(l.date)}
            </text>
          ))}
        </svg>
      )}
      <figcaption className="chart__legend">
        <span className="readiness__legend-item">
          <span className="readiness__key readiness__key--sim" /> {T.simulation}
        </span>
        <span className="readiness__legend-item">
          <span className="readiness__key readiness__key--week" /> {T.practice}
        </span>
        <span className="readiness__legend-item">
          <span className="readiness__key readiness__key--band" /> {T.colBand.toLowerCase()}
        </span>
        {h.threshold ? (
          <span className="readiness__legend-item">
            <span className="readiness__key readiness__key--threshold" /> prag
          </span>
        ) : null}
      </figcaption>
      <button type="button" className="btn btn--ghost btn--small" aria-pressed={table} onClick={() => setTable((v) => !v)}>
        {table ? T.asChart : T.asTable}
      </button>
      <p className="muted readiness__source">{h.threshold ? thresholdText(h.threshold) : T.noThreshold}</p>
      <p className="muted readiness__help">{T.bandHelp}</p>
    </figure>
  );
}
