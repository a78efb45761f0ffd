// The app's side of the device search (issue 30 §3): one worker, started on first use (the top
// bar's field taking focus warms it, so the index is built before the first offline query), and
// a promise per message. Without Worker support the same index runs on the main thread.
import { searchQuery, type SearchQueryIn } from '../../shared/search-rules.ts';
import { app } from '../../state/app.ts';
import { ApiError } from '../../api/errors.ts';
import { currentOwner } from '../owner.ts';
import type { DeviceAnswer as Answer, DeviceSearchResponse, SearchViewer } from './device-index.ts';
import type { WorkerReply, WorkerRequest } from './protocol.ts';

type Waiting = { resolve: (r: Answer) => void; reject: (e: Error) => void };
let worker: Worker | null = null;
let seq = 0;
const waiting = new Map<number, Waiting>();
let inThread: Promise<(req: WorkerRequest) => Promise<Answer>> | null = null;

function failAll(error: Error) {
  for (const w of waiting.values()) w.reject(error);
  waiting.clear();
}

function startWorker(): Worker | null {
  if (worker) return worker;
  if (typeof Worker === 'undefined') return null;
  const w = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'grilio-search' });
  w.onmessage = (e: MessageEvent<WorkerReply>) => {
    const r = e.data;
    const p = waiting.get(r.id);
    if (!p) return;
    waiting.delete(r.id);
    if (r.ok) p.resolve({ result: r.result, workMs: r.workMs, refreshMs: r.refreshMs });
    else p.reject(new Error(r.error));
  };
  // A worker that failed to load (an old cached shell, a blocked script) is dropped; the next query starts another.
  w.onerror = (e) => {
    e.preventDefault();
    worker = null;
    w.terminate();
    failAll(new Error('SEARCH_WORKER_FAILED'));
  };
  worker = w;
  return w;
}

function runInThread(req: WorkerRequest): Promise<Answer> {
  inThread ??= Promise.all([import('./device-index.ts'), import('../db.ts')]).then(([{ DeviceSearch }, { db }]) => {
    const index = new DeviceSearch(db);
    return (r: WorkerRequest) => index.answer(r);
  });
  return inThread.then((run) => run(req));
}

function ask(req: WorkerRequest): Promise<Answer> {
  const w = startWorker();
  if (!w) return runInThread(req);
  return new Promise((resolve, reject) => {
    waiting.set(req.id, { resolve, reject });
    w.postMessage(req);
  });
}

export const DEVICE_INDEX_MEASURE = 'grilio:device-index';

/** Starts the worker and brings its index up to the mirror, so the first query finds it built. */
export function warmDeviceSearch(): void {
  const t0 = performance.now();
  // The index's build as the page waits for it (the phone bench reads it: server/bench/search-phone.ts).
  ask({ id: ++seq, type: 'warm' }).then(() => performance.measure(DEVICE_INDEX_MEASURE, { start: t0 }), () => undefined);
}

const viewer = (): SearchViewer => ({ id: app.user?.id ?? currentOwner(), premium: Boolean(app.user?.is_premium) });

export const DEVICE_SEARCH_MEASURE = 'grilio:device-search';
/** The worker's own share of it (refresh and search), measured in the worker. */
export const DEVICE_SEARCH_WORK_MEASURE = 'grilio:device-search-work';
/** …and of that, bringing the index up to the mirror (a read of IndexedDB, more after a write). */
export const DEVICE_SEARCH_REFRESH_MEASURE = 'grilio:device-search-refresh';

/** The query answered from the manuals downloaded on this device, in GET /search's shape. */
export async function searchDevice(query: SearchQueryIn): Promise<DeviceSearchResponse> {
  const parsed = searchQuery.safeParse(query);
  // The same codes the server answers with (a query too short, too long).
  if (!parsed.success) throw new ApiError(422, { errors: { q: [parsed.error.issues[0]?.message ?? 'FIELD_INVALID'] } });
  const t0 = performance.now();
  const { result, workMs, refreshMs } = await ask({ id: ++seq, type: 'search', query: parsed.data, viewer: viewer() });
  // The query's round trip to the worker, for the phone-profile measure (e2e/search-offline.spec.ts), the worker's part of it, and that part's refresh.
  performance.measure(DEVICE_SEARCH_MEASURE, { start: t0 });
  performance.measure(DEVICE_SEARCH_WORK_MEASURE, { start: t0, duration: workMs });
  performance.measure(DEVICE_SEARCH_REFRESH_MEASURE, { start: t0, duration: refreshMs });
  return result!;
}
