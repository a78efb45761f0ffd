// /teste/simulare/medinsider?uuid=… — a partner's simulation opened by its uuid. The uuid is kept
// (storage key simulation-medinsider-uuid, SPEC §3) so that opening the app at its start comes back
// here (SPEC §2, src/state/medinsider.ts) until the candidate has finished it; then it is forgotten.
// A newer link replaces the stored uuid.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { fetchSimulation, type SimulationSummary } from '../../api/simulations.ts';
import { errorCode } from '../../api/errors.ts';
import { getItem } from '../../state/storage.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { app } from '../../state/app.ts';
import { forgetFinishedMedinsider, rememberMedinsider as remember, UUID_PATTERN as UUID } from '../../state/medinsider.ts';
import { SimulationCard } from '../../components/simulations/SimulationCard.tsx';
import '../../styles/tests.css';
import '../../styles/simulations.css';
import { PageNotices } from '../../components/simulations/PageNotices.tsx';

export default function SimulationMedinsider() {
  const { online, product } = useSnapshot(app);
  const [params] = useSearchParams();
  const uuid = params.get('uuid') ?? getItem(STORAGE.simulationMedinsiderUuid);
  const [stored, setStored] = useState(() => getItem(STORAGE.simulationMedinsiderUuid));
  const [sim, setSim] = useState<SimulationSummary | null>(null);
  const [error, setError] = useState<string | null>(uuid && !UUID.test(uuid) ? 'FORM_SIMULATION_NOT_FOUND' : null);

  useEffect(() => {
    if (!uuid || !UUID.test(uuid) || !online) return;
    let live = true;
    fetchSimulation(uuid)
      .then(({ simulation }) => {
        if (!live) return;
        setSim(simulation);
        // Finished (a result and nothing in progress): the app stops coming back here; another
        // stored simulation is left alone. Unfinished: this link is the one to return to.
        const finished = Boolean(simulation.my_best) && !simulation.my_open_test_id;
        if (finished) forgetFinishedMedinsider(simulation.id);
        else remember(simulation.id);
        setStored(getItem(STORAGE.simulationMedinsiderUuid));
      })
      .catch((err) => {
        if (!live) return;
        const code = errorCode(err);
        setError(code);
        // A stored uuid whose simulation no longer exists must not bring every start back here.
        if (code === 'FORM_SIMULATION_NOT_FOUND' && getItem(STORAGE.simulationMedinsiderUuid) === uuid) {
          remember(null);
          setStored(null);
        }
      });
    return () => {
      live = false;
    };
  }, [uuid, online]);

  const forget = () => {
    remember(null);
    setStored(null);
  };

  return (
    <section className="page page--narrow" aria-labelledby="simm-title">
      <header className="page-header">
        <h1 id="simm-title">Simulare Medinsider</h1>
        <p className="muted">
          Examen de probă complet al partenerului nostru, punctat după regulile centrului, cu clasament între toți candidații.
        </p>
      </header>
      {!uuid ? <p className="card">Deschide simularea din linkul primit de la Medinsider.</p> : null}
      <PageNotices online={online} error={error} product={product} />
      {uuid && !sim && !error && online ? <p className="page-loading">Se încarcă…</p> : null}
      {sim ? <SimulationCard sim={sim} /> : null}
      {stored ? (
        <p className="sim-back">
          <button type="button" className="btn btn--ghost btn--small" onClick={forget}>
            Renunță la simularea salvată
          </button>
        </p>
      ) : null}
    </section>
  );
}
