// Hands each downloaded part to the part-store worker (issue 30 §2): one worker for the app,
// started with the first part, a promise per part. Where Worker is missing (tests, an old
// browser) or the worker fails to start, the same body (part-store.ts) runs on the main thread.
import { db } from './db.ts';
import { localWrite, StorageFullError } from './errors.ts';
import { storePart } from './part-store.ts';
import type { DownloadState } from './download-state.ts';
import type { DownloadPart } from '../shared/download-payloads.ts';
import type { PartStoreReply, PartStoreRequest } from './part-store-protocol.ts';

type Waiting = { resolve: (s: DownloadState) => void; reject: (e: Error) => void };
const WORKER_FAILED = 'PART_WORKER_FAILED';
export const PART_STORE_WORK_MEASURE = 'grilio:part-store-work';
let worker: Worker | null = null;
let broken = false;
let seq = 0;
const waiting = new Map<number, Waiting>();

function startWorker(): Worker | null {
  if (worker) return worker;
  if (broken || typeof Worker === 'undefined') return null;
  const w = new Worker(new URL('./part-store.worker.ts', import.meta.url), { type: 'module', name: 'grilio-parts' });
  w.onmessage = (e: MessageEvent<PartStoreReply>) => {
    const r = e.data;
    const p = waiting.get(r.id);
    if (!p) return;
    waiting.delete(r.id);
    if (r.ok) {
      // The worker's own time on the part, for the phone bench (server/bench/download-phone.ts).
      performance.measure(PART_STORE_WORK_MEASURE, { start: performance.now() - r.workMs, duration: r.workMs });
      p.resolve(r.state);
    }
    else p.reject(r.quota ? new StorageFullError() : new Error(r.error));
  };
  // A worker that cannot load (an old cached shell, a blocked script): parts are stored in-thread from now on.
  w.onerror = (e) => {
    e.preventDefault();
    broken = true;
    worker = null;
    w.terminate();
    for (const p of waiting.values()) p.reject(new Error(WORKER_FAILED));
    waiting.clear();
  };
  worker = w;
  return w;
}

const inThread = (manualId: number, body: ArrayBuffer, part: Pick<DownloadPart, 'key' | 'bytes'>) =>
  localWrite(() => storePart(db, manualId, new TextDecoder().decode(body), part));

/** Stores one part (its body as received) off the main thread; a full quota is StorageFullError. */
export async function storePartOffThread(manualId: number, body: ArrayBuffer, part: Pick<DownloadPart, 'key' | 'bytes'>): Promise<DownloadState> {
  const w = startWorker();
  if (!w) return inThread(manualId, body, part);
  try {
    return await new Promise<DownloadState>((resolve, reject) => {
      const id = ++seq;
      waiting.set(id, { resolve, reject });
      // Copied, not transferred: a worker that fails to start leaves the body for the in-thread store.
      w.postMessage({ id, manualId, body, part } satisfies PartStoreRequest);
    });
  } catch (err) {
    if (err instanceof Error && err.message === WORKER_FAILED) return inThread(manualId, body, part);
    throw err;
  }
}
