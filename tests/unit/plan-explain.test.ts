// Falling behind and getting ahead (issue 31 §1): the previous plan's work due by today against
// what was done moves the rest of the plan, and one Romanian line says what changed.
import { describe, expect, it } from 'vitest';
import { buildPlan, explanationText, workDue } from '../../src/shared/plan/index.ts';
import { CATCH_UP_DAYS } from '../../src/shared/plan/constants.ts';
import { chapters, centre, gridsOn, input } from './plan-fixtures.ts';

describe('falling behind', () => {
  // Two weeks ago the plan started; the candidate did nothing since.
  const before = buildPlan(input({ today: '2027-05-03' }));
  const due = workDue(before.days, '2027-05-03', '2027-05-17');
  const later = buildPlan(
    input({ today: '2027-05-17', progress: { chapters_due: due.chapters, grids_due: due.grids, chapters_done: 0, grids_done: 0 } }),
  );

  it('says how far behind and over how many days the rest went', () => {
    expect(due.chapters).toBeGreaterThan(0);
    expect(later.explanation).toMatchObject({ kind: 'behind', chapters: due.chapters, grids: due.grids });
    const e = later.explanation!;
    expect(e.kind === 'behind' && e.days).toBeGreaterThan(0);
    expect(explanationText(e)).toMatch(/^Ai rămas în urmă cu \d+ capitole și \d+ (de )?grile: le-am împărțit pe următoarele \d+ (de )?zile\.$/);
  });

  it('asks more a day than the on-time plan did, still within the minutes given', () => {
    const onTime = (days: typeof later.days) => days.filter((d) => d.date >= '2027-05-17' && d.date < '2027-05-31');
    const asked = onTime(later.days).reduce((s, d) => s + d.minutes, 0);
    const wasAsked = onTime(before.days).reduce((s, d) => s + d.minutes, 0);
    expect(asked).toBeGreaterThan(wasAsked);
    for (const d of later.days) expect(d.minutes).toBeLessThanOrEqual(d.budget);
  });
});

describe('catching up (the days the line names)', () => {
  const before = buildPlan(input({ today: '2027-05-03' }));
  const due = workDue(before.days, '2027-05-03', '2027-05-17');
  const progress = { chapters_due: due.chapters, grids_due: due.grids, chapters_done: 0, grids_done: 0 };
  const later = buildPlan(input({ today: '2027-05-17', progress }));
  // The same work left, planned without knowing it fell behind: the pace alone, thinned to the exam.
  const paced = buildPlan(input({ today: '2027-05-17' }));
  const sum = (days: typeof later.days, from: number, to: number) => days.slice(from, to).reduce((s, d) => s + d.minutes, 0);

  it('names at most the catch-up days, not every day left with new work', () => {
    const e = later.explanation!;
    const withNew = later.days.filter((d) => d.items.some((it) => it.kind === 'read' || it.kind === 'grids')).length;
    expect(e.kind === 'behind' && e.days).toBeGreaterThan(0);
    expect(e.kind === 'behind' && e.days).toBeLessThanOrEqual(CATCH_UP_DAYS);
    expect(withNew).toBeGreaterThan(CATCH_UP_DAYS);
    expect(explanationText(e)).toMatch(/pe următoarele (\d|10) zile\.$/);
  });

  it('the planner does it: those days ask more, the later ones less, the same work in all', () => {
    expect(sum(later.days, 0, CATCH_UP_DAYS)).toBeGreaterThan(sum(paced.days, 0, CATCH_UP_DAYS));
    expect(sum(later.days, CATCH_UP_DAYS, later.days.length)).toBeLessThan(sum(paced.days, CATCH_UP_DAYS, paced.days.length));
    expect(later.totals.grids).toBe(paced.totals.grids);
    expect(later.totals.chapters_to_read).toBe(paced.totals.chapters_to_read);
    for (const d of later.days) expect(d.minutes).toBeLessThanOrEqual(d.budget);
  });
});

describe('getting ahead', () => {
  it('says so, and the last weeks hold less', () => {
    const chs = chapters(1, 10).map((c, i) => (i < 4 ? { ...c, read: true, grids_done: 40 } : c));
    const plan = buildPlan(
      input({ today: '2027-05-17', centres: [centre('timisoara', '2027-07-20', chs)], progress: { chapters_due: 2, grids_due: 60, chapters_done: 4, grids_done: 60 } }),
    );
    expect(plan.explanation).toEqual({ kind: 'ahead', chapters: 2, grids: 0 });
    expect(explanationText(plan.explanation!)).toBe('Ești înainte cu 2 capitole: ultima săptămână rămâne mai ușoară.');
    const behind = buildPlan(input({ today: '2027-05-17' }));
    const june = (p: typeof plan) => p.days.filter((d) => d.date >= '2027-06-01').reduce((s, d) => s + gridsOn(d), 0);
    expect(june(plan)).toBeLessThan(june(behind));
  });

  it('says nothing when the plan was followed', () => {
    const plan = buildPlan(input({ progress: { chapters_due: 2, grids_due: 40, chapters_done: 2, grids_done: 42 } }));
    expect(plan.explanation).toBeNull();
  });
});

describe('the line', () => {
  it('counts in Romanian', () => {
    expect(explanationText({ kind: 'behind', chapters: 0, grids: 40, days: 12 })).toBe('Ai rămas în urmă cu 40 de grile: le-am împărțit pe următoarele 12 zile.');
    expect(explanationText({ kind: 'behind', chapters: 1, grids: 0, days: 20 })).toBe('Ai rămas în urmă cu un capitol: l-am mutat pe următoarele 20 de zile.');
    expect(explanationText({ kind: 'behind', chapters: 0, grids: 30, days: 1 })).toBe('Ai rămas în urmă cu 30 de grile: le-am împărțit pe ziua următoare.');
    expect(explanationText({ kind: 'behind', chapters: 0, grids: 7, days: 0 })).toBe('Ai rămas în urmă cu 7 grile: nu mai încape în zilele rămase.');
    expect(explanationText({ kind: 'ahead', chapters: 1, grids: 25 })).toBe('Ești înainte cu un capitol și 25 de grile: ultima săptămână rămâne mai ușoară.');
  });
});
