// The device's copy of the plan (issue 31 §1): stored per account, and offline the same planner
// runs on it with the answers this device gave since the server's copy (today's grids ticked).
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type LocalGrid, type LocalTest } from '../../src/offline/db.ts';
import { devicePlan, storedPlan, storePlan, withLocalWork } from '../../src/offline/plan-mirror.ts';
import { buildPlan, explanationText } from '../../src/shared/plan/index.ts';
import type { PlanResponse } from '../../src/shared/plan-payloads.ts';
import { centre, chapters, input } from './plan-fixtures.ts';

const NOW = new Date('2027-05-03T09:00:00Z'); // 12:00 in Bucharest
const grid = (id: number, chapter_id: number): LocalGrid => ({
  id, chapter_id, manual_id: 1, type: 'CS', statement: 's', options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
  correct: ['A'], explanation: null, explanation_photo: null, difficulty: 'easy', premium: false,
});
const localTest = (id: string, kind?: LocalTest['kind']): LocalTest => ({
  id, manual_id: 1, mode: 'tutor', status: 'unfinished', grid_ids: [], time_limit_s: null, remaining_s: null,
  started_at: NOW.toISOString(), finished_at: null, updated_at: NOW.toISOString(), source: 'offline', synced: 0,
  result: null, result_source: null, ...(kind ? { kind } : {}),
});

function response(): PlanResponse {
  const chs = chapters(1, 3).map((c, i) => (i === 0 ? { ...c, read: true } : c));
  const inp = input({ centres: [centre('timisoara', '2027-07-20', chs)], reviews_due: { '2027-05-03': 3 } });
  const plan = buildPlan(inp);
  return {
    plan: { ...plan, explanation_text: null },
    settings: { centres: [{ slug: 'timisoara', name: 'UMF timisoara', exam_date: '2027-07-20' }], week_minutes: inp.week_minutes, reminder_hour: null },
    exam_dates: [],
    input: inp,
    computed_at: '2027-05-03T08:00:00.000Z',
  };
}

beforeEach(async () => {
  await db.delete();
  await db.open();
});

describe('the plan on the device', () => {
  it('is kept per account', async () => {
    await storePlan(7, response());
    expect((await storedPlan(7))?.input.today).toBe('2027-05-03');
    expect(await storedPlan(8)).toBeNull();
  });

  it('without local work, is the plan the server computed', async () => {
    const res = response();
    const plan = await devicePlan(res, NOW);
    expect(plan.days).toEqual(buildPlan(res.input).days);
    expect(plan.explanation_text).toBeNull();
  });

  it('counts answers given on the device since the server copy: grids ticked, reviews counted', async () => {
    const res = response();
    const grids = res.plan.days[0]!.items.find((it) => it.kind === 'grids')!;
    expect(grids).toMatchObject({ chapter_id: 1, done_count: 0 });
    await db.grids.bulkPut([grid(101, 1), grid(102, 1), grid(103, 2), grid(201, 1)]);
    await db.tests.bulkPut([localTest('t1'), localTest('t2'), localTest('r1', 'review')]);
    const at = (m: number) => new Date(NOW.getTime() + m * 60_000).toISOString();
    await db.answers.bulkPut([
      { id: 'a1', test_id: 't1', grid_id: 101, marked: ['A'], flagged: false, time_ms: 1, answered_at: at(1) },
      { id: 'a2', test_id: 't1', grid_id: 102, marked: ['B'], flagged: false, time_ms: 1, answered_at: at(2) },
      // Blank, and before the server's copy: not counted.
      { id: 'a3', test_id: 't1', grid_id: 103, marked: [], flagged: false, time_ms: 1, answered_at: at(3) },
      { id: 'a4', test_id: 't2', grid_id: 103, marked: ['A'], flagged: false, time_ms: 1, answered_at: '2027-05-03T07:00:00.000Z' },
      { id: 'a5', test_id: 'r1', grid_id: 201, marked: ['A'], flagged: false, time_ms: 1, answered_at: at(4) },
    ]);
    const inp = await withLocalWork(res, NOW);
    expect(inp.centres[0]!.chapters[0]).toMatchObject({ grids_today: 2, grids_done: 2 });
    expect(inp.centres[0]!.chapters[1]).toMatchObject({ grids_today: 0 });
    expect(inp.reviews_today).toBe(1);
    const plan = await devicePlan(res, NOW);
    expect(plan.days[0]!.items.find((it) => it.kind === 'grids')).toMatchObject({ chapter_id: 1, done_count: 2 });
  });

  it('counts a simulation finished on the device today for its centre, only the account’s own', async () => {
    const res = response();
    expect(res.input.simulations_done).toEqual([]);
    const finished = (id: string, owner: number, at: string, centre = 'timisoara'): LocalTest => ({
      ...localTest(id, 'simulation'), status: 'finished', finished_at: at, owner_id: owner, centre,
    });
    await db.tests.bulkPut([
      finished('s-other-account', 8, '2027-05-03T08:30:00.000Z'),
      finished('s-yesterday', 7, '2027-05-02T20:00:00.000Z'), // 23:00 in Bucharest, the day before
      finished('s-practice', 7, '2027-05-03T08:40:00.000Z'),
    ]);
    await db.tests.update('s-practice', { kind: 'custom' });
    expect((await withLocalWork(res, NOW, 7)).simulations_done).toEqual([]);
    await db.tests.put(finished('s-today', 7, '2027-05-03T08:50:00.000Z'));
    expect((await withLocalWork(res, NOW, 7)).simulations_done).toEqual([{ slug: 'timisoara', date: '2027-05-03' }]);
    // Another account on the same device sees its own day only; and the same day is not added twice.
    expect((await withLocalWork(res, NOW, 9)).simulations_done).toEqual([]);
    res.input.simulations_done = [{ slug: 'timisoara', date: '2027-05-03' }];
    expect((await withLocalWork(res, NOW, 7)).simulations_done).toHaveLength(1);
  });

  it('counts only the account’s own answers when two accounts share the device', async () => {
    const res = response();
    await db.grids.bulkPut([grid(101, 1), grid(102, 1)]);
    await db.tests.bulkPut([{ ...localTest('mine'), owner_id: 7 }, { ...localTest('theirs'), owner_id: 8 }]);
    const at = new Date(NOW.getTime() + 60_000).toISOString();
    await db.answers.bulkPut([
      { id: 'm1', test_id: 'mine', grid_id: 101, marked: ['A'], flagged: false, time_ms: 1, answered_at: at },
      { id: 't1', test_id: 'theirs', grid_id: 102, marked: ['A'], flagged: false, time_ms: 1, answered_at: at },
    ]);
    expect((await withLocalWork(res, NOW, 7)).centres[0]!.chapters[0]).toMatchObject({ grids_today: 1 });
    expect((await withLocalWork(res, NOW, 8)).centres[0]!.chapters[0]).toMatchObject({ grids_today: 1 });
    expect((await withLocalWork(res, NOW, 9)).centres[0]!.chapters[0]).toMatchObject({ grids_today: 0 });
  });

  it('on a later day, moves to that day and forgets the server copy of today', async () => {
    const res = response();
    res.input.progress = { chapters_due: 0, grids_due: 40, chapters_done: 0, grids_done: 0 };
    const next = new Date('2027-05-04T09:00:00Z');
    const plan = await devicePlan(res, next);
    expect(plan.today).toBe('2027-05-04');
    expect(plan.days[0]!.date).toBe('2027-05-04');
    expect(plan.explanation).toBeNull();
    expect(explanationText({ kind: 'behind', chapters: 0, grids: 40, days: 12 })).toContain('40 de grile');
  });
});
