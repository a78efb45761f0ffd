// What waits on the device, said by the offline indicator for a signed-in account (issue 11 §1).
// Its own chunk, rendered only for an account: it reads IndexedDB, which a visitor's pages never
// open (issue 12 §2).
import { useOutboxStatus, waitingText } from '../../offline/sync-state.ts';

export default function OutboxWaiting() {
  const outbox = useOutboxStatus();
  const waiting = outbox ? waitingText(outbox) : null;
  return waiting ? <>{` ${waiting}`}</> : null;
}
