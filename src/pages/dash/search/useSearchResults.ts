// Where /cautare's answer comes from (issue 30 §3): the server while the device is online, else
// (offline, or the server unreachable) the index of the manuals downloaded on this device, in the
// same shape, with `source` saying which so the page can say it truthfully.
import { startTransition, useEffect, useState } from 'react';
import { searchContent, type SearchResponse } from '../../../api/search.ts';
import { ApiError } from '../../../api/errors.ts';
import { useOnline } from '../../../offline/network.ts';
import type { SearchKind } from '../../../shared/search-rules.ts';

export type SearchSource = 'server' | 'device';
export type SearchResults = (SearchResponse & { source: 'server' }) | (SearchResponse & { source: 'device'; manuals: number });

const unreachable = (e: unknown) => e instanceof ApiError && (e.code === 'FORM_REQUEST_FAILED' || e.code === 'MAINTENANCE_MODE');
const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } }));

async function fromDevice(q: string, kind: SearchKind): Promise<SearchResults> {
  const { searchDevice } = await import('../../../offline/search/client.ts');
  return { ...(await searchDevice({ q, kind })), source: 'device' };
}

export function useSearchResults(q: string, kind: SearchKind): { result: SearchResults | null; error: ApiError | null } {
  const online = useOnline();
  const [state, setState] = useState<{ key: string; result: SearchResults | null; error: ApiError | null }>({ key: '', result: null, error: null });
  const key = `${q}\n${kind}\n${online}`;
  useEffect(() => {
    let live = true;
    if (!q) return;
    // A transition: React renders the results in slices, so a phone's input is never held for the whole list.
    const done = (result: SearchResults | null, error: ApiError | null) => {
      if (live) startTransition(() => setState({ key, result, error }));
    };
    const device = () => fromDevice(q, kind).then((r) => done(r, null), (e: unknown) => done(null, asApiError(e)));
    if (!online) void device();
    else
      searchContent({ q, kind }).then(
        (r) => done({ ...r, source: 'server' }, null),
        (e: unknown) => (unreachable(e) ? device() : done(null, asApiError(e))),
      );
    return () => {
      live = false;
    };
  }, [q, kind, online, key]);
  // An answer for another query or kind is not shown while the new one is on its way.
  return state.key === key ? state : { result: null, error: null };
}
