// The part-store worker (issue 30 §2): decodes, parses and stores each downloaded part of a
// manual in its own connection to the Dexie mirror, off the main thread (part-store.ts is the
// body). The page's live queries still see the writes: Dexie tells other contexts of the origin.
import { db } from './db.ts';
import { storePart } from './part-store.ts';
import { isQuotaError } from './errors.ts';
import type { PartStoreReply, PartStoreRequest } from './part-store-protocol.ts';

const reply = (m: PartStoreReply) => (self as unknown as { postMessage(m: PartStoreReply): void }).postMessage(m);
const decoder = new TextDecoder();

self.addEventListener('message', (e: MessageEvent<PartStoreRequest>) => {
  const m = e.data;
  void (async () => {
    try {
      const t0 = performance.now();
      const state = await storePart(db, m.manualId, decoder.decode(m.body), m.part);
      reply({ id: m.id, ok: true, state, workMs: performance.now() - t0 });
    } catch (err) {
      reply({ id: m.id, ok: false, quota: isQuotaError(err), error: err instanceof Error ? err.message : String(err) });
    }
  })();
});
