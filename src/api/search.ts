// Content search (server/modules/search, issue 30 §3).
import { api } from './client.ts';
import type { SearchQueryIn } from '../shared/search-rules.ts';
import type { SearchResponse } from '../shared/search-payloads.ts';

export type { SearchResponse, SearchGridHit, SearchPassageHit, MarkedText } from '../shared/search-payloads.ts';

export const searchContent = (query: SearchQueryIn): Promise<SearchResponse> =>
  api.get('search', Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, string>);
