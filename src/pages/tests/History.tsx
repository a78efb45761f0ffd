// /teste/istoric — the server's list merged with the tests on this device not yet synced
// ("nesincronizat"); counts by status; resume unfinished, open results of finished.
import { useEffect, useMemo, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { useLiveQuery } from 'dexie-react-hooks';
import { useSnapshot } from 'valtio';
import { db } from '../../offline/db.ts';
import { fetchHistory, fetchTestsCountApi, type ServerTest } from '../../api/practice.ts';
import type { TestsCount } from '../../shared/types.ts';
import { errorCode } from '../../api/errors.ts';
import { trySync } from '../../offline/sync.ts';
import { currentOwner, foreignTo } from '../../offline/owner.ts';
import { SyncStatus } from '../../components/sync/SyncStatus.tsx';
import { remainingSeconds, formatClock } from '../../offline/timer.ts';
import { app } from '../../state/app.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { HISTORY_PAGE_SIZE } from '../../shared/test-limits.ts';
import { grids as gridsText } from '../../components/practice/format.ts';
import '../../styles/tests.css';
import { isEstimateProfile } from '../../components/practice/Estimate.tsx';
import { refreshScoringKnown, scoringKnown } from '../../state/scoring-known.ts';
import { testName } from '../../components/practice/history-label.ts';
import { answersText } from '../../offline/sync-state.ts';

export type HistoryRow = {
  id: string;
  status: 'unfinished' | 'finished' | 'abandoned';
  mode: 'tutor' | 'exam';
  started_at: string;
  grid_count: number;
  answered: number | null;
  grade: number | null;
  /** Graded under a centre whose rules are not confirmed (issue 11 §4.12). */
  estimate: boolean;
  unsynced: boolean;
  offline: boolean;
  /** Graded from a scanned answer sheet. */
  paper: boolean;
  remaining: number | null;
  /** The simulation's title for a simulation attempt, else null. */
  name: string | null;
};

const STATUS_TEXT = { unfinished: 'Neterminat', finished: 'Terminat', abandoned: 'Abandonat' } as const;

export default function History() {
  const { online, product } = useSnapshot(app);
  const { bySlug: confirmed } = useSnapshot(scoringKnown);
  useEffect(() => {
    if (online) void refreshScoringKnown();
  }, [online]);
  const [page, setPage] = useState(1);
  const [server, setServer] = useState<{ tests: ServerTest[]; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [serverCounts, setServerCounts] = useState<TestsCount | null>(null);
  const local = useLiveQuery(async () => (await db.tests.toArray()).filter((t) => !foreignTo(t, currentOwner())), []);
  const localAnswers = useLiveQuery(() => db.answers.toArray(), []);
  // Chapter titles of the manuals on the device, to name a test by its chapters.
  const chapterTitles = useLiveQuery(async () => new Map((await db.chapters.toArray()).map((c) => [c.id, c.title] as const)), []);

  useEffect(() => {
    if (!online) return;
    let live = true;
    (async () => {
      try {
        await trySync();
        const [res, c] = await Promise.all([fetchHistory(page), fetchTestsCountApi()]);
        if (live) {
          setServerCounts(c);
          setServer({ tests: res.tests, total: res.total });
          setError(null);
        }
      } catch (err) {
        if (live) setError(errorCode(err));
      }
    })();
    return () => {
      live = false;
    };
  }, [online, page]);

  const rows = useMemo(() => {
    const answered = new Map<string, number>();
    for (const a of localAnswers ?? []) if (a.marked.length) answered.set(a.test_id, (answered.get(a.test_id) ?? 0) + 1);
    const byId = new Map<string, HistoryRow>();
    for (const t of server?.tests ?? []) {
      byId.set(t.id, {
        id: t.id,
        status: t.status,
        mode: t.mode,
        started_at: t.started_at,
        grid_count: t.grid_count,
        answered: t.answered_count ?? null,
        grade: t.grade,
        estimate: isEstimateProfile(t.profile, confirmed),
        unsynced: false,
        offline: t.source === 'offline',
        paper: t.source === 'paper',
        remaining: t.status === 'unfinished' ? t.remaining_s : null,
        name: testName(t, (id) => chapterTitles?.get(id)),
      });
    }
    for (const t of local ?? []) {
      const known = byId.get(t.id);
      const unsynced = t.synced === 0;
      if (known && !unsynced) continue;
      // Not on the server yet (or changed here since): the device's copy is the newer one.
      if (!known && server && (page > 1 || t.synced === 1)) continue;
      const result = t.result as { grade?: number; profile?: string } | null;
      byId.set(t.id, {
        id: t.id,
        status: t.status,
        mode: t.mode,
        started_at: t.started_at,
        grid_count: t.grid_ids.length,
        answered: answered.get(t.id) ?? 0,
        grade: typeof result?.grade === 'number' ? result.grade : null,
        estimate: isEstimateProfile(result?.profile, confirmed),
        unsynced,
        offline: t.source === 'offline',
        paper: t.source === 'paper',
        remaining: t.status === 'unfinished' ? remainingSeconds(t) : null,
        // The device's copy has no kind: the server's copy of the same test names it.
        name: known?.name ?? null,
      });
    }
    return [...byId.values()].sort((a, b) => b.started_at.localeCompare(a.started_at));
  }, [server, local, localAnswers, page, confirmed, chapterTitles]);

  // Server totals plus the device's tests the server has not seen; offline: the device's tests.
  const counts = useMemo(() => {
    const c = { abandoned: 0, finished: 0, unfinished: 0 };
    const onServer = new Set((server?.tests ?? []).map((t) => t.id));
    if (serverCounts) Object.assign(c, serverCounts);
    for (const t of local ?? []) {
      if (serverCounts && (onServer.has(t.id) || t.source !== 'offline' || t.synced === 1)) continue;
      c[t.status]++;
    }
    return c;
  }, [serverCounts, server, local]);

  const pages = server ? Math.max(1, Math.ceil(server.total / HISTORY_PAGE_SIZE)) : 1;

  return (
    <section className="page history" aria-labelledby="history-title">
      <header className="page-header">
        <h1 id="history-title">Istoric teste</h1>
        <Link to="/teste/start" className="btn btn--primary">
          Test nou
        </Link>
      </header>
      <SyncStatus />
      <ul className="counts" aria-label="Teste după stare">
        <li>
          <strong>{counts.finished}</strong> terminate
        </li>
        <li>
          <strong>{counts.unfinished}</strong> neterminate
        </li>
        <li>
          <strong>{counts.abandoned}</strong> abandonate
        </li>
      </ul>
      {!online ? (
        <p className="notice notice--offline" role="status">
          Ești offline: vezi testele de pe acest dispozitiv.
        </p>
      ) : null}
      {error ? (
        <p className="form-errors" role="alert">
          {messageFor(error, product)}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p className="muted">Nu ai încă teste. Începe primul test!</p>
      ) : (
        <ul className="history__list">
          {rows.map((r) => (
            <li key={r.id} className={`card history-item history-item--${r.status}`}>
              <div className="history-item__main">
                {r.name ? <p className="history-item__name">{r.name}</p> : null}
                <p className="history-item__title">
                  {new Date(r.started_at).toLocaleString('ro-RO', { dateStyle: 'medium', timeStyle: 'short' })}
                  <span className={`pill pill--${r.status}`}>{STATUS_TEXT[r.status]}</span>
                  {r.unsynced ? <span className="pill pill--unsynced">nesincronizat</span> : null}
                  {/* "offline" while it waits to be sent; once on the server it is an ordinary test (issue 32 §5). */}
                  {r.offline && r.unsynced ? <span className="pill pill--offline">offline</span> : null}
                  {r.paper ? <span className="pill">pe hârtie</span> : null}
                </p>
                <p className="muted">
                  {gridsText(r.grid_count)} · {r.mode === 'tutor' ? 'tutor' : 'examen'}
                  {r.answered !== null ? ` · ${answersText(r.answered)}` : ''}
                  {r.grade !== null ? ` · nota ${r.grade.toLocaleString('ro-RO')}${r.estimate ? ' (estimare: regulile centrului nu sunt confirmate)' : ''}` : ''}
                  {r.remaining !== null ? ` · ${formatClock(r.remaining)} rămase` : ''}
                </p>
              </div>
              <div className="history-item__actions">
                {r.status === 'unfinished' ? (
                  <Link to={`/teste/${r.id}`} className="btn btn--primary btn--small">
                    Continuă
                  </Link>
                ) : null}
                {r.status === 'finished' ? (
                  <Link to={`/teste/${r.id}/rezultate`} className="btn btn--ghost btn--small">
                    Rezultate
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="pager" aria-label="Pagini">
          <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            ← Mai noi
          </button>
          <span>
            Pagina {page} din {pages}
          </span>
          <button type="button" className="btn btn--ghost btn--small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            Mai vechi →
          </button>
        </nav>
      ) : null}
    </section>
  );
}
