// One search of /cautare (issue 30 §3), and the one started early: the results page's box starts
// the query on submit, before the router has changed the address and rendered the page again, and
// the box opens the page once the answer is here (or after a short wait), so one render shows it.
// Measured on the phone profile, the query used to leave ≈ 145 ms after Enter (the navigation, the
// page's render, the spinner), longer than the query itself; then the page rendered twice, once
// pending and once with the results, each with its frame.
import { searchContent } from '../../../api/search.ts';
import { ApiError } from '../../../api/errors.ts';
import { app } from '../../../state/app.ts';
import type { SearchKind } from '../../../shared/search-rules.ts';
import type { SearchResults } from './useSearchResults.ts';
import type * as DeviceClient from '../../../offline/search/client.ts';

const unreachable = (e: unknown) => e instanceof ApiError && (e.code === 'FORM_REQUEST_FAILED' || e.code === 'MAINTENANCE_MODE');
const asApiError = (e: unknown) => (e instanceof ApiError ? e : new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } }));

let deviceClient: Promise<typeof DeviceClient> | null = null;

async function fromDevice(q: string, kind: SearchKind): Promise<SearchResults> {
  // One import for the page's life, not one a query (each cost a task at 4×).
  deviceClient ??= import('../../../offline/search/client.ts');
  const { searchDevice } = await deviceClient.catch((e: unknown) => {
    deviceClient = null;
    throw e;
  });
  return { ...(await searchDevice({ q, kind })), source: 'device' };
}

export const searchKey = (q: string, kind: SearchKind, online: boolean) => `${q}\n${kind}\n${online}`;

export type Outcome = { result: SearchResults | null; error: ApiError | null };

/** The server's answer online; the device's offline or when the server cannot be reached; or the ApiError that stopped it. */
export function searchOutcome(q: string, kind: SearchKind, online: boolean): Promise<Outcome> {
  const answer = online
    ? searchContent({ q, kind }).then(
        (r): SearchResults | Promise<SearchResults> => ({ ...r, source: 'server' }),
        (e: unknown) => (unreachable(e) ? fromDevice(q, kind) : Promise.reject(e)),
      )
    : fromDevice(q, kind);
  return answer.then(
    (result) => ({ result, error: null }),
    (e: unknown) => ({ result: null, error: asApiError(e) }),
  );
}

type Early = { key: string; outcome: Promise<Outcome>; settled: Outcome | null };
let early: Early | null = null;

/**
 * Starts the search the page is about to show (one at a time: a newer one replaces it). The
 * promise settles once its answer is here: the box waits a moment for it before it opens the
 * page, so the page renders the results at once instead of a pending pass first.
 */
export function startSearchEarly(q: string, kind: SearchKind): Promise<Outcome & { key: string }> {
  const key = searchKey(q, kind, app.online);
  const slot: Early = { key, outcome: Promise.resolve({ result: null, error: null }), settled: null };
  slot.outcome = searchOutcome(q, kind, app.online).then((o) => {
    slot.settled = o;
    return o;
  });
  early = slot;
  return slot.outcome.then((o) => ({ ...o, key }));
}

/** The early search's answer for `key` if it has arrived (read during render, not handed out: takeEarly does that). */
export function settledEarly(key: string): Outcome | null {
  return early?.key === key ? early.settled : null;
}

/** The early search's answer for `key`, if one was started for it; handed out once. */
export function takeEarly(key: string): Promise<Outcome> | null {
  if (early?.key !== key) return null;
  const { outcome } = early;
  early = null;
  return outcome;
}
