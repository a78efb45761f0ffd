// After the end: each member's score, the grids everyone missed, every grid whole (options, key,
// who answered what), and a one-click
// practice test of what the group got wrong (POST /groups/:hash/retest).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../../router/Link.tsx';
import type { GroupResults, GroupState } from '../../../shared/group-payloads.ts';
import { fetchGroupResults, retestGroup } from '../../../api/groups.ts';
import { ApiError } from '../../../api/errors.ts';
import { FormErrors } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import { Standings } from './Standings.tsx';
import { GridReveal } from './GridReveal.tsx';

export function GroupResultsView({ state }: { state: GroupState }) {
  const navigate = useNavigate();
  const [r, setR] = useState<GroupResults | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    fetchGroupResults(state.hash)
      .then(setR)
      .catch((err: unknown) => setError(err instanceof ApiError ? (err.code ?? 'FORM_AN_ERROR_HAS_OCCURRED') : 'FORM_AN_ERROR_HAS_OCCURRED'));
  }, [state.hash]);
  async function retest() {
    setBusy(true);
    try {
      const t = await retestGroup(state.hash);
      showToast('TEST_CREATED');
      navigate(`/teste/${t.test.id}`);
    } catch (err) {
      setError(err instanceof ApiError ? (err.code ?? 'FORM_AN_ERROR_HAS_OCCURRED') : 'FORM_AN_ERROR_HAS_OCCURRED');
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="page page--narrow group-page" aria-labelledby="group-title">
      <header className="page-header">
        <h1 id="group-title">{state.status === 'stopped' ? 'Test de grup oprit' : 'Rezultatele testului de grup'}</h1>
        <p className="muted">{state.grid_count} grile</p>
      </header>
      <FormErrors codes={error ? [error] : []} />
      {r ? (
        <>
          <div className="card">
            <h2 className="group-section-title">Clasament final</h2>
            <Standings standings={r.standings} me={state.me.user_id} />
          </div>
          <div className="card">
            <h2 className="group-section-title">Grile pe care nimeni nu le-a rezolvat complet</h2>
            {r.missed_by_all.length ? (
              <ul className="group-missed">
                {r.missed_by_all.map((g) => (
                  <li key={g.position}>
                    <strong>{g.position}.</strong> {g.statement}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">Fiecare grilă a fost rezolvată complet de cel puțin un participant.</p>
            )}
          </div>
          <div className="card">
            <h2 className="group-section-title">Grilele tale</h2>
            <p className="muted">Fiecare grilă cu variantele ei, cheia și ce a răspuns fiecare. Grilele greșite au intrat în recapitularea ta.</p>
          </div>
          <div className="group-results-grids">
            {r.grids.map((g) => (
              <GridReveal key={g.position} grid={g} me={state.me.user_id} gridCount={state.grid_count} />
            ))}
          </div>
          <div className="form-actions">
            {r.missed_by_group.length ? (
              <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void retest()}>
                Retestează ce a greșit grupul ({r.missed_by_group.length})
              </button>
            ) : null}
            <Link to="/grup/istoric" className="btn btn--ghost">
              Istoric
            </Link>
            <Link to="/grup/start" className="btn btn--ghost">
              Un test nou
            </Link>
          </div>
        </>
      ) : null}
    </section>
  );
}
