// The true state of unsent work (issue 11 §1): how many answers wait and since when, whether the
// last try failed and what happens next, with a 'Trimite acum' retry; tests of another account
// on this device; tests the server refused. Renders nothing when nothing waits.
import { useSnapshot } from 'valtio';
import { useOutboxStatus, useReallyWaiting, useSyncStatus, waitingText } from '../../offline/sync-state.ts';
import { trySync } from '../../offline/sync.ts';
import { app } from '../../state/app.ts';
import { Message } from '../Message.tsx';
import '../../styles/sync.css';

export function SyncStatus({ testId, compact = false }: { testId?: string; compact?: boolean }) {
  const status = useOutboxStatus(testId);
  const { syncing } = useSyncStatus();
  const { online, maintenance, product } = useSnapshot(app);
  const really = useReallyWaiting(status, online);
  if (!status) return null;
  // An answer on its way for a moment is not "waiting": said only offline, after a failed send or
  // past a few seconds (issue 32 §5).
  const waiting = really ? waitingText(status) : null;
  const others = !testId && status.otherAccounts > 0;
  if (!waiting && !others && status.rejected.length === 0) return null;

  let next = '';
  if (waiting) {
    if (syncing) next = 'Se trimit acum…';
    else if (!online) next = 'Se trimit automat când revii online.';
    else if (maintenance) next = 'Serverul este în mentenanță; se trimit automat când revine.';
    else if (status.failing) next = 'Serverul nu a răspuns; reîncercăm automat.';
    else next = 'Se trimit în câteva secunde.';
  }

  return (
    <div className={`sync-status${compact ? ' sync-status--compact' : ''}`} role="status" aria-live="polite" data-testid="sync-status">
      {waiting ? (
        <p className="sync-status__line">
          <span>
            {waiting} {compact ? null : next}
          </span>
          {/* Offline there is nowhere to send to: no button that cannot work. */}
          {online ? (
            <button type="button" className="btn btn--ghost btn--small" disabled={syncing} onClick={() => void trySync()}>
              Trimite acum
            </button>
          ) : null}
        </p>
      ) : null}
      {others ? (
        <p className="sync-status__line muted">
          {status.otherAccounts === 1 ? 'Un test al altui cont așteaptă' : `${status.otherAccounts} teste ale altor conturi așteaptă`} pe acest dispozitiv; se trimit când te
          conectezi cu acel cont.
        </p>
      ) : null}
      {[...new Set(status.rejected)].map((code) => (
        <p key={code} className="sync-status__line form-errors">
          Serverul a refuzat un test: <Message code={code} product={product} />
        </p>
      ))}
    </div>
  );
}

/** A small pill for a sticky header: how many answers of this test are not on the server yet. */
export function PendingPill({ testId }: { testId: string }) {
  const status = useOutboxStatus(testId);
  const online = useSnapshot(app).online;
  const really = useReallyWaiting(status, online);
  if (!status?.tests || !really) return null;
  const n = status.answers;
  const text = n > 0 ? `${n} ${n === 1 ? 'netrimis' : 'netrimise'}` : 'netrimis';
  return (
    <span className="pill pill--offline" title={waitingText(status) ?? undefined}>
      {text}
    </span>
  );
}
