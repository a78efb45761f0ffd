// useLiveQuery that hands React the previous value when a re-read found nothing the caller shows
// changed. Dexie re-runs a live query after every write that touches its rows, and each run's new
// object renders the component again: on the solve screen every answer (the test's updated_at and
// synced) and every move (last_index) re-rendered the whole screen after the tap, work a slow
// phone then did while the next tap waited (issue 30 §2). dexie-react-hooks renders only when the
// value's identity changes, so returning the kept object skips that render.
import { useRef } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';

export function useStableLiveQuery<T, D = undefined>(
  querier: () => Promise<T> | T,
  deps: unknown[],
  same: (kept: T, next: T) => boolean,
  defaultResult?: D,
): T | D {
  const kept = useRef<{ value: T } | null>(null);
  return useLiveQuery(
    async () => {
      const next = await querier();
      // Before the first read the default stands in (a test handed over by the builder, handover.ts).
      const last = kept.current ?? (defaultResult === undefined ? null : { value: defaultResult as unknown as T });
      if (last && same(last.value, next)) return (kept.current = last).value;
      kept.current = { value: next };
      return next;
    },
    deps,
    defaultResult as D,
  ) as T | D;
}

/** Equal in every field but `ignored` (shallow; arrays compared item by item). */
export function sameExcept<T extends object>(ignored: readonly (keyof T)[]) {
  const skip = new Set<PropertyKey>(ignored);
  return (a: T | null | undefined, b: T | null | undefined): boolean => {
    if (a === b) return true;
    if (!a || !b) return false;
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) {
      if (skip.has(k)) continue;
      const x = (a as Record<string, unknown>)[k];
      const y = (b as Record<string, unknown>)[k];
      if (x === y) continue;
      if (Array.isArray(x) && Array.isArray(y) && x.length === y.length && x.every((v, i) => v === y[i])) continue;
      return false;
    }
    return true;
  };
}
