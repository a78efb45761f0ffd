// Server-only data (statistics, rankings) must count what was answered offline: when online,
// flush the outbox first, then fetch. Refetches when the connection returns or a dependency changes.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { errorCode } from '../api/errors.ts';
import { trySync } from './sync.ts';

export function useSyncedFetch<T>(fetcher: () => Promise<T>, deps: readonly unknown[]): { data: T | null; error: string | null } {
  const { online } = useSnapshot(app);
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!online) return;
    let live = true;
    (async () => {
      try {
        await trySync();
        const result = await fetcher();
        if (live) {
          setData(result);
          setError(null);
        }
      } catch (err) {
        if (live) setError(errorCode(err));
      }
    })();
    return () => {
      live = false;
    };
    // The caller names what the fetch depends on; the fetcher itself is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [online, ...deps]);
  return { data, error };
}
