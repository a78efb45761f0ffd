// Whatever the calendar, minutes and progress, the plan never asks more minutes than a day was
// given, keeps exam days and the two days before each exam free of simulations, and plans each
// chapter's grids at most once (issue 31 §1).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, buildPlan, dayNumber, type PlanChapter } from '../../src/shared/plan/index.ts';

const chapterArb = (id: number) =>
  fc.record({
    size_kb: fc.integer({ min: 0, max: 400 }),
    read: fc.boolean(),
    grids_total: fc.integer({ min: 0, max: 120 }),
    grids_done: fc.integer({ min: 0, max: 130 }),
    grids_today: fc.integer({ min: 0, max: 20 }),
  }).map((c): PlanChapter => ({ id, title: `C${id}`, read_today: false, ...c }));

const inputArb = fc.record({
  week: fc.array(fc.integer({ min: 0, max: 600 }), { minLength: 7, maxLength: 7 }),
  offsets: fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 1, maxLength: 5 }),
  sim: fc.array(fc.integer({ min: 30, max: 240 }), { minLength: 5, maxLength: 5 }),
  chapters: fc.tuple(...Array.from({ length: 12 }, (_, i) => chapterArb(i + 1))),
  picks: fc.array(fc.array(fc.integer({ min: 0, max: 11 }), { maxLength: 8 }), { minLength: 5, maxLength: 5 }),
  reviews: fc.array(fc.integer({ min: 0, max: 300 }), { minLength: 10, maxLength: 10 }),
  today: fc.integer({ min: 0, max: 365 }),
});

describe('the plan, whatever the inputs', () => {
  it('never exceeds any day, keeps exam days empty and simulations off the last 2 days', () => {
    fc.assert(
      fc.property(inputArb, (x) => {
        const today = addDays('2027-01-01', x.today);
        const centres = x.offsets.map((o, i) => ({
          slug: `c${i}`,
          name: `C${i}`,
          exam_date: addDays(today, o),
          simulation_min: x.sim[i]!,
          chapters: [...new Set(x.picks[i]!)].map((k) => x.chapters[k]!),
        }));
        const reviews_due = Object.fromEntries(x.reviews.map((n, i) => [addDays(today, i * 3), n]));
        const plan = buildPlan({ today, week_minutes: x.week, centres, reviews_due, reviews_today: 0, simulations_done: [] });
        const exams = new Set(centres.map((c) => c.exam_date));
        const planned = new Map<number, number>();
        for (const d of plan.days) {
          expect(d.minutes).toBeLessThanOrEqual(d.budget);
          const counted = d.items.reduce((s, it) => s + (it.kind === 'simulation' && !it.fits ? 0 : it.minutes), 0);
          expect(counted).toBeCloseTo(d.minutes);
          if (exams.has(d.date)) expect(d.items).toEqual([]);
          for (const it of d.items) {
            if (it.kind === 'grids') planned.set(it.chapter_id, (planned.get(it.chapter_id) ?? 0) + it.count);
            if (it.kind === 'simulation') {
              const exam = centres.find((c) => c.slug === it.slug)!.exam_date;
              expect(dayNumber(exam) - dayNumber(d.date)).toBeGreaterThan(2);
            }
          }
        }
        for (const [id, n] of planned) {
          const ch = x.chapters[id - 1]!;
          // Today's list is the morning's: the grids done today are still on it (ticked).
          expect(n).toBeLessThanOrEqual(Math.max(0, ch.grids_total - Math.max(0, ch.grids_done - ch.grids_today)));
        }
      }),
      { numRuns: 100, seed: 31 },
    );
  });
});
