// /statistici — GET /stats: totals, accuracy per manual and chapter, time per grid, progress
// over time (SVG chart), the weakest chapters with a one-click test (POST /tests/weak).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { fetchStats, type Stats } from '../../api/stats.ts';
import { createWeakTest } from '../../api/practice.ts';
import { errorCode } from '../../api/errors.ts';
import { useSyncedFetch } from '../../offline/useSyncedFetch.ts';
import { app } from '../../state/app.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { PercentBar, ProgressChart } from '../../components/practice/Charts.tsx';
import { formatDuration } from '../../components/practice/ResultRow.tsx';
import { grids as gridsText, plural } from '../../components/practice/format.ts';
import { peerText } from '../../components/practice/measured.ts';
import type { PeerRank } from '../../shared/stats-payloads.ts';
import { Readiness } from './Readiness.tsx';
import '../../styles/tests.css';

export default function Statistics() {
  const navigate = useNavigate();
  const { online, product } = useSnapshot(app);
  const { data: stats, error: loadError } = useSyncedFetch<Stats>(fetchStats, []);
  const [actionError, setActionError] = useState<string | null>(null);
  const error = actionError ?? loadError;
  const [busy, setBusy] = useState(false);

  async function weakTest() {
    setBusy(true);
    setActionError(null);
    try {
      const res = await createWeakTest();
      showToast(res.success);
      navigate(`/teste/${res.test.id}`);
    } catch (err) {
      setActionError(errorCode(err));
    } finally {
      setBusy(false);
    }
  }

  const t = stats?.totals;
  const manualTitle = new Map((stats?.manuals ?? []).map((m) => [m.manual_id, m.title]));
  const fewGrids = (stats?.chapters ?? []).filter((c) => c.answered < (stats?.weak_min_answered ?? 0)).length;

  return (
    <section className="page statistics" aria-labelledby="stats-title">
      <header className="page-header">
        <h1 id="stats-title">Statistici</h1>
      </header>
      {!online ? (
        <p className="notice notice--offline" role="status">
          {messageFor('FORM_NETWORK_REQUIRED', product)}
        </p>
      ) : null}
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      {online && !stats && !error ? <p className="page-loading">Se încarcă statisticile…</p> : null}
      {/* Readiness draws from the device's copy offline, so it sits outside the online-only stats. */}
      <Readiness />
      {stats && t ? (
        <>
          {/* A group of a definition list holds only dt and dd (axe definition-list): the details are a second dd. */}
          <dl className="stat-tiles">
            <div className="card stat-tile">
              <dt>Teste</dt>
              <dd>{t.tests}</dd>
              <dd className="muted stat-tile__detail">
                {t.tests_finished} terminate · {t.tests_unfinished} neterminate · {t.tests_abandoned}{' '}
                abandonate
              </dd>
            </div>
            <div className="card stat-tile">
              <dt>Grile rezolvate</dt>
              <dd>{t.grids_answered}</dd>
              <dd className="muted stat-tile__detail">
                {t.right} corecte · {t.partial} parțiale · {t.wrong} greșite
              </dd>
            </div>
            <div className="card stat-tile">
              <dt>Acuratețe</dt>
              <dd>{t.correct_pct.toLocaleString('ro-RO')}%</dd>
            </div>
            <div className="card stat-tile">
              <dt>Timp mediu pe grilă</dt>
              <dd>{formatDuration(t.avg_time_ms)}</dd>
              {/* The sum of the time spent on each grid: less than the tests' length in the history,
                  which also counts reading the test and moving between grids. */}
              {t.total_time_ms > 0 ? (
                <dd className="muted stat-tile__detail">
                  în total {formatDuration(t.total_time_ms)} petrecute pe grile
                </dd>
              ) : null}
            </div>
          </dl>

          {t.grids_answered === 0 ? (
            <div className="card">
              <p>Încă nu ai rezolvat grile. Statisticile apar după primul test.</p>
              <Link to="/teste/start" className="btn btn--primary">
                Începe un test
              </Link>
            </div>
          ) : null}

          <section className="card" aria-labelledby="progress-h">
            <h2 id="progress-h">Progres în ultimele 90 de zile</h2>
            <ProgressChart points={stats.progress} />
          </section>

          <section className="card" aria-labelledby="weak-h">
            <h2 id="weak-h">Capitolele cele mai slabe</h2>
            {/* The rule is said where the list is: a chapter with 0 % over 4 grids is not missing
                by mistake, it has too few grids for a verdict (issue 32 §5). */}
            <p className="muted" data-testid="weak-rule">
              De la cel mai slab, dintre capitolele cu cel puțin {gridsText(stats.weak_min_answered)}{' '}
              rezolvate și sub {stats.weak_below_pct} % corecte.
              {fewGrids
                ? ` ${fewGrids === 1 ? 'Un capitol are' : `${fewGrids} capitole au`} încă prea puține grile pentru un verdict.`
                : ''}
            </p>
            {stats.weakest_chapters.length ? (
              <>
                {stats.weakest_chapters.map((c) => (
                  <PercentBar
                    key={c.chapter_id}
                    label={c.title}
                    value={c.correct_pct}
                    detail={gridsText(c.answered)}
                  />
                ))}
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy}
                  onClick={() => void weakTest()}
                >
                  Test pe capitolele slabe
                </button>
              </>
            ) : null}
          </section>

          {stats.manuals.length ? (
            <section className="card" aria-labelledby="manuals-h">
              <h2 id="manuals-h">Acuratețe pe manual</h2>
              <PeerRule min={stats.peer_min_answers} group={stats.peer_min_candidates} />
              {stats.manuals.map((m) => (
                <div key={m.manual_id}>
                  <PercentBar label={m.title} value={m.correct_pct} detail={gridsText(m.answered)} />
                  <PeerLine peers={m.peers} />
                </div>
              ))}
            </section>
          ) : null}

          {stats.chapters.length ? (
            <section className="card" aria-labelledby="chapters-h">
              <h2 id="chapters-h">Acuratețe pe capitol</h2>
              {stats.chapters.map((c) => (
                <div key={c.chapter_id}>
                  <PercentBar
                    label={
                      stats.manuals.length > 1
                        ? `${c.title} (${manualTitle.get(c.manual_id) ?? ''})`
                        : c.title
                    }
                    value={c.correct_pct}
                    detail={
                      c.answered < stats.weak_min_answered
                        ? `${gridsText(c.answered)}, prea puține pentru un verdict`
                        : gridsText(c.answered)
                    }
                  />
                  <PeerLine peers={c.peers} />
                </div>
              ))}
            </section>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** How the percentile is made, said once where it shows (issue 31 §2). */
function PeerRule({ min, group }: { min: number; group: number }) {
  return (
    <p className="muted" data-testid="peer-rule">
      Poziția ta față de alți candidați apare într-un manual sau capitol după ce ai acolo cel puțin{' '}
      {plural(min, 'răspuns', 'răspunsuri')}, printre candidații cu tot atâtea; unde sunt mai puțin de{' '}
      {plural(group, 'candidat', 'candidați')} nu facem clasament. Vezi doar poziția ta și câți candidați
      sunt, rotunjit în jos: nimic despre altcineva.
    </p>
  );
}

/** The candidate's own percentile; nothing while they have too few answers there (the rule says why). */
function PeerLine({ peers }: { peers: PeerRank }) {
  if (!peers.ranked && peers.reason === 'own_answers') return null;
  return <p className={`pbar__peers${peers.ranked ? '' : ' muted'}`}>{peerText(peers)}</p>;
}
