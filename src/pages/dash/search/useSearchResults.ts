// Where /cautare's answer comes from (issue 30 §3): the server while the device is online, else
// (offline, or the server unreachable) the index of the manuals downloaded on this device, in the
// same shape, with `source` saying which so the page can say it truthfully (run-search.ts).
import { startTransition, useEffect, useState } from 'react';
import type { SearchResponse } from '../../../api/search.ts';
import { useOnline } from '../../../offline/network.ts';
import type { SearchKind } from '../../../shared/search-rules.ts';
import { searchOutcome, searchKey, settledEarly, takeEarly, type Outcome } from './run-search.ts';

export type SearchSource = 'server' | 'device';
export type SearchResults = (SearchResponse & { source: 'server' }) | (SearchResponse & { source: 'device'; manuals: number });

type State = Outcome & { key: string };

/**
 * The last answer (`key` names its query, kind and network state), the key asked for now
 * (`wanted`), and whether the answer is still another query's (`pending`: the new one is on its way). The page keeps the last results on
 * screen while the next arrive instead of tearing them down for a spinner: on a phone that was
 * one more render, layout and paint for every query typed on the results page.
 */
export type SearchState = Outcome & { key: string; pending: boolean; wanted: string };

const NONE: State = { key: '', result: null, error: null };

export function useSearchResults(q: string, kind: SearchKind): SearchState {
  const online = useOnline();
  const key = searchKey(q, kind, online);
  const [state, setState] = useState<State>(NONE);
  // The answer the box started on submit may be here already (it waits a moment for it before
  // opening the page): taken in this very render (React's state from a render), so the page goes
  // from the last results to these in one commit and one frame, with no pending pass between.
  const ready = q && state.key !== key ? settledEarly(key) : null;
  if (ready) setState({ key, ...ready });
  const has = state.key === key;
  useEffect(() => {
    if (!q) return;
    // The early search was shown (or is about to be): hand it out so a later visit asks again.
    const slot = takeEarly(key);
    if (has) return;
    let live = true;
    // A transition: React renders the results in slices, so a phone's input is never held for the whole list.
    const done = (o: Outcome) => {
      if (live) startTransition(() => setState({ key, ...o }));
    };
    // The search the page's box started on submit (run-search.ts), or a new one.
    void (slot ?? searchOutcome(q, kind, online)).then(done);
    return () => {
      live = false;
    };
  }, [q, kind, online, key, has]);
  return { ...state, pending: Boolean(q) && !has && !ready, wanted: key };
}
