// The points of a simulation result per subject or per chapter. Two figures per row that look
// alike ("0 / 1,5" and "0 / 3") mean different things, so each column says what it counts and
// each cell reads "x din y": the points obtained of those possible, and the grids answered
// wholly right of the grids there (a grid with part of its points is not among them).
import type { BreakdownRow } from '../../api/simulations.ts';
import { fmt } from './format.ts';

export const BREAKDOWN_TEXT = {
  subject: { caption: 'Pe materii', head: 'Materia' },
  chapter: { caption: 'Pe capitole', head: 'Capitolul' },
  points: 'Puncte obținute',
  right: 'Grile corecte',
  note: 'Puncte obținute: câte puncte ai luat din cele posibile. Grile corecte: câte grile ai rezolvat complet corect din grilele materiei sau ale capitolului; o grilă cu punctaj parțial aduce puncte, dar nu e numărată printre cele corecte.',
} as const;

export function SimulationBreakdown({ by, rows }: { by: 'subject' | 'chapter'; rows: BreakdownRow[] }) {
  const t = BREAKDOWN_TEXT[by];
  return (
    <div className="table-wrap">
      <table className="sim-breakdown">
        <caption>{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.head}</th>
            <th scope="col">{BREAKDOWN_TEXT.points}</th>
            <th scope="col">{BREAKDOWN_TEXT.right}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">{r.label}</th>
              <td>
                {fmt(r.points)} din {fmt(r.max_points)}
              </td>
              <td>
                {r.right} din {r.total}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
