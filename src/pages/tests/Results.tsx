// /teste/:id/rezultate — the result as soon as the test is finished: computed on the device with
// the shared scoring code, then replaced by the server's (GET /tests/:id/results) once online.
import { useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db, type LocalGrid } from '../../offline/db.ts';
import { answersMap, rememberProfile, scoreByCenter, type LocalResult } from '../../offline/local-tests.ts';
import { trySync } from '../../offline/sync.ts';
import { currentOwner, foreignTo } from '../../offline/owner.ts';
import { SyncStatus } from '../../components/sync/SyncStatus.tsx';
import { fetchResults, type CenterScore, type TestResults } from '../../api/practice.ts';
import { errorCode } from '../../api/errors.ts';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { scoreGrid, type GridOutcome } from '../../shared/scoring.ts';
import { DEFAULT_SCORING_PROFILES, defaultProfile } from '../../shared/scoring-profiles.ts';
import type { OptionLetter } from '../../shared/constants.ts';
import { ResultRow, formatDuration, type ResultRowData } from '../../components/practice/ResultRow.tsx';
import { RetestActions } from '../../components/practice/RetestActions.tsx';
import { ESTIMATE_EXPLANATION, EstimateBadge, isEstimateProfile } from '../../components/practice/Estimate.tsx';
import { CentersTable } from '../../components/practice/CentersTable.tsx';
import { remainingSeconds } from '../../offline/timer.ts';
import { totalTimeS } from '../../shared/test-time.ts';
import { refreshScoringKnown, scoringKnown } from '../../state/scoring-known.ts';
import { SimulationResultCard } from '../../components/simulations/SimulationResultCard.tsx';
import '../../styles/tests.css';

const RESULT_RETRIES = 4;
const RETRYABLE = ['FORM_REQUEST_FAILED', 'FORM_TEST_NOT_FINISHED', 'MAINTENANCE_MODE'];

const fmt = (n: number | null | undefined, d = 2) => (n === null || n === undefined ? '—' : n.toLocaleString('ro-RO', { maximumFractionDigits: d }));

export default function Results() {
  const { id = '' } = useParams();
  const { online, product } = useSnapshot(app);
  const { bySlug: known } = useSnapshot(scoringKnown);
  useEffect(() => {
    if (online) void refreshScoringKnown();
  }, [online]);
  const test = useLiveQuery(async () => {
    const t = await db.tests.get(id);
    return t && !foreignTo(t, currentOwner()) ? t : null;
  }, [id]);
  const grids = useLiveQuery(async () => (test ? await db.grids.bulkGet(test.grid_ids) : []), [test?.grid_ids.join(',')]);
  const answers = useLiveQuery(() => db.answers.where('test_id').equals(id).toArray(), [id]);
  const [server, setServer] = useState<TestResults | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const synced = test?.synced;

  useEffect(() => {
    if (!online) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      try {
        await trySync();
        const res = await fetchResults(id);
        if (!live) return;
        setServer(res);
        setError(null);
        await rememberProfile(res.result.profile);
        // Keep the key and explanations on the device for reading offline later.
        await db.transaction('rw', db.grids, db.tests, async () => {
          for (const g of res.grids) {
            await db.grids.update(g.grid_id, { correct: g.correct as OptionLetter[], explanation: g.explanation, explanation_photo: g.explanation_photo_url });
          }
          const t = await db.tests.get(id);
          if (t && t.synced === 1) await db.tests.update(id, { status: 'finished', result: res.result, result_source: 'server' });
        });
      } catch (err) {
        if (!live) return;
        const code = errorCode(err);
        setError(code);
        // Right after the connection returns the first requests can still fail, or reach the server
        // before the finish made offline did: try again a few times (2, 4, 8, 16 s) rather than
        // leave the device's estimate up until the next navigation.
        if (RETRYABLE.includes(code) && attempt < RESULT_RETRIES) {
          retry = setTimeout(() => setAttempt((n) => n + 1), 2000 * 2 ** attempt);
        }
      }
    })();
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [id, online, synced, attempt]);

  const local = useMemo(() => {
    if (!test || !grids || !answers) return null;
    const byGrid = new Map(answers.map((a) => [a.grid_id, a]));
    const list = grids.filter((g): g is LocalGrid => !!g);
    const profile = defaultProfile((test.result as LocalResult | null)?.profile ?? undefined) ?? defaultProfile();
    const rows: ResultRowData[] = list.map((g, i) => {
      const a = byGrid.get(g.id);
      const marked = a?.marked ?? [];
      const s = g.correct && profile ? scoreGrid(g as { correct: string[] }, marked, { ...profile.type_rules[g.type], points: 1 }) : null;
      return {
        position: i + 1,
        grid_id: g.id,
        type: g.type,
        statement: g.statement,
        options: g.options,
        marked,
        correct: g.correct,
        outcome: (s?.outcome ?? null) as GridOutcome | null,
        points: s?.points ?? null,
        max_points: s?.max ?? null,
        time_ms: a?.time_ms ?? null,
        explanation: g.explanation,
        explanation_photo_url: g.explanation_photo,
        flagged: a?.flagged,
      };
    });
    const scorable = list.length === test.grid_ids.length && list.every((g) => g.correct);
    const centers: CenterScore[] | null = scorable
      ? scoreByCenter(
          list.map((g) => ({ id: g.id, type: g.type, correct: g.correct! })),
          answersMap(answers),
          DEFAULT_SCORING_PROFILES,
        )
      : null;
    return { rows, centers, result: test.result as LocalResult | null };
  }, [test, grids, answers]);

  if (test === undefined && !server && !error) return <p className="page-loading">Se încarcă rezultatele…</p>;

  const result = server?.result ?? local?.result ?? null;
  const fromServer = Boolean(server) || test?.result_source === 'server';
  const rows: ResultRowData[] = server
    ? server.grids.map((g) => ({ ...g, max_points: g.max_points }))
    : (local?.rows ?? []);
  const centers = server?.by_center ?? local?.centers ?? null;
  // Same definition as the ranking (finished_at − started_at), from the server when it answered.
  const totalTime = (server ? server.total_time_s : test ? totalTimeS(test) : 0) * 1000;
  // The server's centre list says how the profile stands now; else what the admin last set, or the default.
  const serverKnown = server?.by_center?.find((c) => c.slug === result?.profile)?.known;
  const estimate = serverKnown === undefined ? isEstimateProfile(result?.profile, known) : !serverKnown;
  const status = server?.test.status ?? test?.status;
  const simulation = (server?.test.kind ?? test?.kind) === 'simulation';
  // Ended by the clock: the server says so; a test finished on the device had no time left then.
  const expired =
    server?.test.finish_reason === 'expired' ||
    (!server && test?.status === 'finished' && test.finished_at !== null && remainingSeconds(test, Date.parse(test.finished_at)) === 0);

  if (!test && !server)
    return (
      <section className="page page--narrow">
        <h1>Rezultate test</h1>
        <p role="alert" className="form-errors">
          {messageFor(error ?? (online ? 'FORM_TEST_NOT_FOUND' : 'FORM_NETWORK_REQUIRED'), product)}
        </p>
        <Link to="/teste/istoric" className="btn btn--primary">
          Istoric teste
        </Link>
      </section>
    );

  return (
    <section className="page results" aria-labelledby="results-title">
      <header className="page-header">
        <h1 id="results-title">{simulation ? 'Rezultatul simulării' : 'Rezultate test'}</h1>
        {expired ? (
          <p className="notice" data-testid="results-expired">
            Timpul s-a terminat: testul s-a predat singur, cu răspunsurile date până atunci.
          </p>
        ) : null}
        {status && status !== 'finished' ? (
          <p className="notice">
            {messageFor('FORM_TEST_NOT_FINISHED', product)} <Link to={`/teste/${id}`}>Continuă testul</Link>
          </p>
        ) : null}
      </header>

      <div className="card score-card" role="status" aria-live="polite">
        {result ? (
          <>
            <div className="score-card__grade">
              <span className="score-card__label">Nota</span>
              <strong className="score-card__value">{fmt(result.grade)}</strong>
              <span className={`pill ${result.passed ? 'pill--ok' : 'pill--bad'}`}>{result.passed ? 'Promovat' : 'Nepromovat'}</span>
              {estimate ? <EstimateBadge describedBy="score-estimate" /> : null}
            </div>
            <dl className="score-card__stats">
              <div>
                <dt>Punctaj</dt>
                <dd>
                  {fmt(result.score)} / {fmt(result.max_score)}
                </dd>
              </div>
              {result.counts ? (
                <>
                  <div>
                    <dt>Corecte</dt>
                    <dd>{result.counts.right}</dd>
                  </div>
                  <div>
                    <dt>Parțiale</dt>
                    <dd>{result.counts.partial}</dd>
                  </div>
                  <div>
                    <dt>Greșite</dt>
                    <dd>{result.counts.wrong}</dd>
                  </div>
                  <div>
                    <dt>Fără răspuns</dt>
                    <dd>{result.counts.blank}</dd>
                  </div>
                </>
              ) : null}
              <div>
                <dt>Timp total</dt>
                <dd>{formatDuration(totalTime)}</dd>
              </div>
            </dl>
            <p className="muted score-card__source">
              {fromServer ? 'Rezultat confirmat de server' : 'Rezultat calculat pe dispozitiv'}
              {result.profile ? ` · punctare ${defaultProfile(result.profile)?.name ?? result.profile}` : ''}
            </p>
            {estimate ? (
              <p id="score-estimate" className="estimate-note">
                {ESTIMATE_EXPLANATION}
              </p>
            ) : null}
          </>
        ) : (
          <p>Rezultatul va fi calculat când revii online.</p>
        )}
        {/* A test made on this device is not on the server until sent: the sync status says so, not 'not found'. */}
        {error && !['FORM_REQUEST_FAILED', 'FORM_TEST_NOT_FINISHED', 'MAINTENANCE_MODE'].includes(error) && !(test && error === 'FORM_TEST_NOT_FOUND') ? (
          <p className="form-errors">{messageFor(error, product)}</p>
        ) : null}
        <SyncStatus testId={id} />
      </div>

      {server?.test.kind === 'simulation' ? <SimulationResultCard testId={id} finished={server.test.status === 'finished'} /> : null}

      <nav className="results__links" aria-label="Acțiuni">
        <Link to={`/teste/${id}/clasament`} className="btn btn--ghost">
          Clasament
        </Link>
        <Link to="/teste/start" className="btn btn--primary">
          Test nou
        </Link>
        <Link to="/teste/istoric" className="btn btn--ghost">
          Istoric
        </Link>
      </nav>

      {centers ? <CentersTable centers={centers} /> : null}

      <section aria-labelledby="grids-title" className="results__grids">
        <h2 id="grids-title">Grilele testului</h2>
        {status === 'finished' ? <RetestActions source={{ manual_id: server?.test.manual_id ?? test?.manual_id ?? 0, mode: server?.test.mode ?? test?.mode ?? 'exam' }} rows={rows} /> : null}
        {rows.map((r) => (
          <ResultRow key={r.grid_id} row={r} />
        ))}
      </section>
    </section>
  );
}
