// Messages between the app and the search worker (search.worker.ts).
import type { SearchQueryOut } from '../../shared/search-rules.ts';
import type { DeviceSearchResponse, SearchViewer } from './device-index.ts';

export type WorkerRequest =
  | { id: number; type: 'warm' }
  | { id: number; type: 'search'; query: SearchQueryOut; viewer: SearchViewer };

export type WorkerReply =
  // workMs: the worker's own time on the message (the phone bench scales it: DevTools' CPU throttling slows pages, not workers); refreshMs: its part bringing the index up to the mirror.
  | { id: number; ok: true; result: DeviceSearchResponse | null; workMs: number; refreshMs: number }
  | { id: number; ok: false; error: string };
