// useStableLiveQuery (src/offline/useStableLiveQuery.ts) renders again only when a re-read changed
// what the caller shows: on the solve screen an answer rewrites the test's updated_at and synced,
// a move its last_index, and neither may re-render the screen (issue 30 §2, INP on a phone).
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { db, type LocalTest } from '../../src/offline/db.ts';
import { useStableLiveQuery } from '../../src/offline/useStableLiveQuery.ts';
import { sameAnswers, sameTestOnScreen } from '../../src/pages/tests/solve/same-rows.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const TEST: LocalTest = {
  id: 't-stable', manual_id: 1, mode: 'exam', status: 'unfinished', grid_ids: [1, 2, 3], time_limit_s: null, remaining_s: null,
  started_at: '2026-12-04T10:00:00.000Z', finished_at: null, updated_at: '2026-12-04T10:00:00.000Z', source: 'offline', synced: 0, result: null, result_source: null,
};

/** Waits until Dexie's live queries have answered (their re-runs are asynchronous). */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

afterEach(async () => {
  await db.tests.clear();
  await db.answers.clear();
});

describe('useStableLiveQuery', () => {
  it('keeps the value, and renders nothing, when only the fields the screen ignores changed', async () => {
    await db.tests.put(TEST);
    const seen: (LocalTest | null | undefined)[] = [];
    function Probe() {
      seen.push(useStableLiveQuery(async () => (await db.tests.get(TEST.id)) ?? null, [], sameTestOnScreen));
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Probe />));
    await settle();
    const first = seen.at(-1);
    expect(first?.id).toBe(TEST.id);
    const renders = seen.length;

    await db.tests.update(TEST.id, { updated_at: '2026-12-04T10:01:00.000Z', synced: 1, last_index: 2 });
    await settle();
    expect(seen.length).toBe(renders);
    expect(seen.at(-1)).toBe(first);

    // What the screen shows does change it: a finished test renders with its new status.
    await db.tests.update(TEST.id, { status: 'finished' });
    await settle();
    expect(seen.length).toBeGreaterThan(renders);
    expect(seen.at(-1)?.status).toBe('finished');
    act(() => root.unmount());
  });

  it('takes the handed-over default as the kept value: the first read of the same row renders nothing', async () => {
    await db.tests.put(TEST);
    let renders = 0;
    const given = { ...TEST };
    function Probe() {
      renders++;
      useStableLiveQuery(async () => (await db.tests.get(TEST.id)) ?? null, [], sameTestOnScreen, given);
      return null;
    }
    const root = createRoot(document.createElement('div'));
    act(() => root.render(<Probe />));
    await settle();
    expect(renders).toBe(1);
    act(() => root.unmount());
  });
});

describe('sameAnswers', () => {
  const a = { id: 'a', test_id: 't', grid_id: 1, marked: ['A' as const], flagged: false, time_ms: 10, answered_at: '2026-12-04T10:00:00.000Z' };
  it('tells an answer changed in any field, even within the same millisecond', () => {
    expect(sameAnswers([a], [{ ...a, marked: ['A'] }])).toBe(true);
    expect(sameAnswers([a], [{ ...a, marked: ['B'] }])).toBe(false);
    expect(sameAnswers([a], [{ ...a, flagged: true }])).toBe(false);
    expect(sameAnswers([a], [a, { ...a, id: 'b', grid_id: 2 }])).toBe(false);
  });
});
