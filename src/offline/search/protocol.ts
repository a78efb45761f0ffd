// Messages between the app and the search worker (search.worker.ts).
import type { SearchQueryOut } from '../../shared/search-rules.ts';
import type { DeviceSearchResponse, SearchViewer } from './device-index.ts';

export type WorkerRequest =
  | { id: number; type: 'warm' }
  | { id: number; type: 'search'; query: SearchQueryOut; viewer: SearchViewer };

export type WorkerReply =
  | { id: number; ok: true; result: DeviceSearchResponse | null }
  | { id: number; ok: false; error: string };
