// /teste/:id/clasament — everyone who finished the same grids (GET /tests/:id/ranking). Needs the network.
import { useParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { fetchRanking, type Ranking as RankingData } from '../../api/practice.ts';
import { useSyncedFetch } from '../../offline/useSyncedFetch.ts';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import '../../styles/tests.css';

const mmss = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

export default function Ranking() {
  const { id = '' } = useParams();
  const { online, product } = useSnapshot(app);
  const { data, error } = useSyncedFetch<RankingData>(() => fetchRanking(id), [id]);

  return (
    <section className="page page--narrow ranking" aria-labelledby="ranking-title">
      <header className="page-header">
        <h1 id="ranking-title">Clasament</h1>
      </header>
      {!online ? (
        <p className="notice notice--offline" role="status">
          {messageFor('FORM_NETWORK_REQUIRED', product)}
        </p>
      ) : error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : !data ? (
        <p className="page-loading">Se încarcă clasamentul…</p>
      ) : (
        <>
          <div className="card score-card" role="status">
            <p>
              Locul <strong>{data.rank}</strong> din {data.total} ·{' '}
              {data.percentile !== null
                ? `ai rezultat mai bun decât ${data.percentile.toLocaleString('ro-RO')}% dintre ceilalți`
                : 'ești singurul care a terminat aceste grile deocamdată'}
            </p>
          </div>
          <div className="table-wrap card">
            <table>
              <caption className="sr-only">Clasamentul celor care au rezolvat aceleași grile</caption>
              <thead>
                <tr>
                  <th scope="col">Loc</th>
                  <th scope="col">Nume</th>
                  <th scope="col">Punctaj</th>
                  <th scope="col">Timp</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e, i) => (
                  <tr key={`${e.rank}-${i}`} className={e.is_me ? 'is-me' : undefined} aria-current={e.is_me ? 'true' : undefined}>
                    <td>{e.rank}</td>
                    <td>{e.is_me ? `${e.name} (tu)` : e.name}</td>
                    <td>{e.score.toLocaleString('ro-RO', { maximumFractionDigits: 2 })}</td>
                    <td>{mmss(e.duration_s)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <nav className="results__links">
        <Link to={`/teste/${id}/rezultate`} className="btn btn--ghost">
          Înapoi la rezultate
        </Link>
      </nav>
    </section>
  );
}
