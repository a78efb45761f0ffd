// "Punctajul tău pe centre" on the results (issue 32 §5): the candidate's own centre first and
// marked, online and offline alike (the centre lists are kept on the device), and why the grades
// differ: each centre has its own points from attending, points per question and partial rule.
import { useSnapshot } from 'valtio';
import type { CenterScore } from '../../shared/practice-payloads.ts';
import { app } from '../../state/app.ts';
import { useProfileLists } from '../../shell/form/ProfileSelects.tsx';
import { ESTIMATE_EXPLANATION_MANY, EstimateBadge } from './Estimate.tsx';

const fmt = (n: number) => n.toLocaleString('ro-RO', { maximumFractionDigits: 2 });

/** The own centre (matched by name: the scoring profiles are named as the centres) first; the rest as given. */
export function ownCenterFirst<T extends { name: string }>(centers: readonly T[], ownName: string | null): T[] {
  const own = ownName ? centers.find((c) => c.name === ownName) : undefined;
  return own ? [own, ...centers.filter((c) => c !== own)] : [...centers];
}

export function CentersTable({ centers }: { centers: readonly CenterScore[] }) {
  const { user } = useSnapshot(app);
  const { lists } = useProfileLists();
  const ownName = lists?.centers.find((c) => c.id === user?.center_id)?.name ?? null;
  const rows = ownCenterFirst(centers, ownName);
  const anyEstimate = centers.some((c) => !c.known);
  const grades = new Set(centers.map((c) => fmt(c.grade)));
  return (
    <section className="card by-center" aria-labelledby="centers-title">
      <h2 id="centers-title">Punctajul tău pe centre</h2>
      <div className="table-wrap table-wrap--centers">
        <table>
          <thead>
            <tr>
              <th scope="col">Centru</th>
              <th scope="col">Punctaj</th>
              <th scope="col">Nota</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const own = c.name === ownName;
              return (
                <tr key={c.slug} className={own ? 'by-center__own' : undefined} aria-current={own ? 'true' : undefined}>
                  <th scope="row">
                    {c.name}
                    {own ? <span className="pill pill--own">centrul tău</span> : null}
                    {c.known ? null : <EstimateBadge describedBy="centers-estimate" />}
                  </th>
                  <td className="num">
                    {fmt(c.score)} / {fmt(c.max_score)}
                  </td>
                  <td className="num">{fmt(c.grade)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {grades.size > 1 ? (
        <p className="muted" data-testid="centers-why">
          Aceleași răspunsuri dau note diferite pentru că fiecare centru are regulile lui: punctele din oficiu (de exemplu 10 puncte
          la Timișoara, adunate la punctaj înainte de împărțirea la 10), punctajul fiecărei întrebări și regula de punctaj parțial.
        </p>
      ) : null}
      {anyEstimate ? (
        <p id="centers-estimate" className="estimate-note">
          {ESTIMATE_EXPLANATION_MANY}
        </p>
      ) : null}
    </section>
  );
}
