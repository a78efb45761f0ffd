// /teste/simulare/surse (alias /ssmb) — simulations built from one question book, grouped by the
// book, each with the candidate's past result.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { fetchSimulations, type SimulationSummary } from '../../api/simulations.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { SimulationCard } from '../../components/simulations/SimulationCard.tsx';
import { Link } from '../../router/Link.tsx';
import '../../styles/tests.css';
import '../../styles/simulations.css';
import { PageNotices } from '../../components/simulations/PageNotices.tsx';

export default function SimulationSources() {
  const { online, product } = useSnapshot(app);
  const [sims, setSims] = useState<SimulationSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    fetchSimulations({ kind: 'source' })
      .then((r) => setSims(r.simulations))
      .catch((err) => setError(errorCode(err)));
  }, [online]);

  const books = new Map<string, SimulationSummary[]>();
  for (const s of sims ?? []) books.set(s.source_book ?? '', [...(books.get(s.source_book ?? '') ?? []), s]);

  return (
    <section className="page" aria-labelledby="sims-title">
      <header className="page-header">
        <h1 id="sims-title">Simulare pe surse</h1>
        <p className="muted">Simulări construite dintr-o singură sursă (o culegere de grile), cu rezultatele tale anterioare.</p>
      </header>
      <PageNotices online={online} error={error} product={product} />
      {sims === null && online && !error ? <p className="page-loading">Se încarcă…</p> : null}
      {sims && !sims.length ? <p className="card">Nu există încă simulări pe surse.</p> : null}
      {[...books.entries()].map(([book, list]) => (
        <section key={book} aria-label={`Sursa ${book}`}>
          <h2>Sursa: {book}</h2>
          <div className="sim-list">
            {list.map((s) => (
              <SimulationCard key={s.id} sim={s} />
            ))}
          </div>
        </section>
      ))}
      <p className="sim-back">
        <Link to="/teste">Înapoi la teste</Link>
      </p>
    </section>
  );
}
