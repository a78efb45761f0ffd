// The search worker (issue 30 §3): holds the index of the downloaded manuals and answers queries
// off the main thread. It reads the Dexie mirror itself; each message first brings the index up to
// the mirror, which costs nothing when nothing was written since the last message (DeviceSearch.answer).
import { db } from '../db.ts';
import { DeviceSearch } from './device-index.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';

const index = new DeviceSearch(db);
const reply = (m: WorkerReply) => (self as unknown as { postMessage(m: WorkerReply): void }).postMessage(m);

self.addEventListener('message', (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  void (async () => {
    try {
      reply({ id: m.id, ok: true, ...(await index.answer(m)) });
    } catch (err) {
      reply({ id: m.id, ok: false, error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
