// The planner on fixed calendars (issue 31 §1): a normal plan, several centres in one July week,
// a date in the past, days with no minutes, a day too short for a simulation, today ticked off.
import { describe, expect, it } from 'vitest';
import { addDays, buildPlan, bucharestDate, weekdayOf } from '../../src/shared/plan/index.ts';
import { centre, chapters, gridsOn, input, readsOn, simsOn } from './plan-fixtures.ts';

describe('a normal plan', () => {
  const plan = buildPlan(input({ reviews_due: { '2027-05-03': 12, '2027-05-10': 5 } }));

  it('runs from today to the exam day, with nothing on the exam day', () => {
    expect(plan.state).toBe('active');
    expect(plan.days[0]!.date).toBe('2027-05-03');
    const last = plan.days.at(-1)!;
    expect(last.date).toBe('2027-07-20');
    expect(last.exams).toEqual(['timisoara']);
    expect(last.items).toEqual([]);
    expect(plan.countdown).toEqual([{ slug: 'timisoara', name: 'UMF timisoara', exam_date: '2027-07-20', days_left: 78 }]);
  });

  it('never asks more minutes than the day was given', () => {
    for (const d of plan.days) expect(d.minutes).toBeLessThanOrEqual(d.budget);
    expect(plan.days.filter((d) => weekdayOf(d.date) === 6).every((d) => d.items.length === 0)).toBe(true);
  });

  it('reads every chapter in the manual order, before the light last week, and each grid once', () => {
    const order = plan.days.flatMap((d) => readsOn(d).filter((r) => r.kind === 'read' && r.finishes).map((r) => (r.kind === 'read' ? r.chapter_id : 0)));
    expect(order).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(plan.totals.grids).toBe(400);
    expect(plan.totals.chapters_to_read).toBe(10);
    expect(plan.totals.unfit_grids).toBe(0);
    const lightWork = plan.days.filter((d) => d.light).flatMap((d) => d.items.filter((it) => it.kind === 'read' || it.kind === 'grids'));
    expect(lightWork).toEqual([]);
    expect(plan.days.filter((d) => d.light).map((d) => d.date)).toEqual(
      Array.from({ length: 7 }, (_, i) => addDays('2027-07-13', i)),
    );
  });

  it('a grid of a chapter comes only after its reading', () => {
    const seenRead = new Set<number>();
    for (const d of plan.days) for (const it of d.items) {
      if (it.kind === 'read' && it.finishes) seenRead.add(it.chapter_id);
      if (it.kind === 'grids') expect(seenRead.has(it.chapter_id)).toBe(true);
    }
  });

  it('puts a full simulation in each of the last 8 weeks on the longest day, never in the last 2 days', () => {
    const simDays = plan.days.filter((d) => simsOn(d).length > 0).map((d) => d.date);
    expect(simDays).toEqual(['2027-05-29', '2027-06-05', '2027-06-12', '2027-06-19', '2027-06-26', '2027-07-03', '2027-07-10', '2027-07-17']);
    for (const d of plan.days.filter((x) => simsOn(x).length)) {
      expect(d.items.some((it) => it.kind === 'read' || it.kind === 'grids')).toBe(false);
      expect(d.minutes).toBeGreaterThanOrEqual(180);
    }
    expect(plan.totals.simulations).toBe(8);
  });

  it('plans the reviews due, carrying what does not fit', () => {
    expect(plan.days[0]!.items[0]).toMatchObject({ kind: 'reviews', count: 12, minutes: 12 });
    expect(plan.totals.reviews).toBe(17);
  });

  it('sums its days into the totals', () => {
    expect(plan.totals.minutes).toBeCloseTo(plan.days.reduce((s, d) => s + d.minutes, 0));
    expect(plan.days.reduce((s, d) => s + gridsOn(d), 0)).toBe(plan.totals.grids);
  });

  it('is the same plan for the same inputs', () => {
    expect(buildPlan(input({ reviews_due: { '2027-05-03': 12, '2027-05-10': 5 } }))).toEqual(plan);
  });
});

describe('several centres in one week of July, different manuals', () => {
  const shared = chapters(1, 6);
  const plan = buildPlan(
    input({
      today: '2027-06-01',
      centres: [
        centre('iasi', '2027-07-23', [...shared, ...chapters(300, 3)]),
        centre('bucuresti', '2027-07-19', [...shared, ...chapters(100, 4)]),
        centre('cluj-napoca', '2027-07-21', [...chapters(200, 3), ...shared], 120),
      ],
    }),
  );

  it('reads a chapter shared by two centres once, the first exam bibliography first', () => {
    const finished = plan.days.flatMap((d) => readsOn(d).flatMap((r) => (r.kind === 'read' && r.finishes ? [r.chapter_id] : [])));
    expect(finished.slice(0, 10)).toEqual([1, 2, 3, 4, 5, 6, 100, 101, 102, 103]);
    expect(new Set(finished).size).toBe(finished.length);
    // 60 minutes on weekdays from June do not hold all 16 chapters: the rest is counted, not squeezed in.
    expect(finished.length + plan.totals.unfit_chapters).toBe(16);
    expect(plan.totals.unfit_chapters).toBeGreaterThan(0);
  });

  it('keeps every exam day free and each centre gets its simulations, one a day', () => {
    for (const date of ['2027-07-19', '2027-07-21', '2027-07-23']) {
      const day = plan.days.find((d) => d.date === date)!;
      expect(day.items).toEqual([]);
      expect(day.budget).toBe(0);
    }
    for (const d of plan.days) expect(simsOn(d).length).toBeLessThanOrEqual(1);
    const bySlug = (slug: string) => plan.days.filter((d) => simsOn(d).some((s) => s.kind === 'simulation' && s.slug === slug));
    expect(bySlug('bucuresti').length).toBeGreaterThanOrEqual(4);
    expect(bySlug('cluj-napoca').length).toBeGreaterThanOrEqual(4);
    expect(bySlug('iasi').length).toBeGreaterThanOrEqual(4);
    expect(plan.countdown.map((c) => c.slug)).toEqual(['bucuresti', 'cluj-napoca', 'iasi']);
    expect(plan.days.at(-1)!.date).toBe('2027-07-23');
  });

  it('finishes the first centre chapters before its light week', () => {
    const firstLight = '2027-07-12';
    const late = plan.days.filter((d) => d.date >= firstLight).flatMap((d) => d.items).filter((it) => (it.kind === 'read' || it.kind === 'grids') && it.chapter_id < 200);
    expect(late).toEqual([]);
  });
});

describe('no plan', () => {
  it('a date in the past: no days and a clear state', () => {
    const plan = buildPlan(input({ today: '2027-07-21' }));
    expect(plan).toMatchObject({ state: 'past', days: [], countdown: [], last_exam: null, explanation: null });
  });
  it('no centre chosen', () => {
    expect(buildPlan(input({ centres: [] })).state).toBe('none');
  });
  it('the exam is today: one free day', () => {
    const plan = buildPlan(input({ today: '2027-07-20' }));
    expect(plan.days).toEqual([{ date: '2027-07-20', budget: 0, minutes: 0, light: false, exams: ['timisoara'], items: [] }]);
  });
});

describe('minutes given', () => {
  it('days with 0 minutes get nothing; with no minutes at all the work is reported as not fitting', () => {
    const plan = buildPlan(input({ week_minutes: [0, 0, 0, 0, 0, 0, 0], reviews_due: { '2027-05-03': 3 } }));
    expect(plan.days.every((d) => d.items.length === 0 && d.minutes === 0)).toBe(true);
    expect(plan.totals).toMatchObject({ unfit_chapters: 10, unfit_grids: 400, minutes: 0, simulations: 0 });
  });

  it('too little time: what does not fit is counted, never squeezed into a day', () => {
    const plan = buildPlan(input({ today: '2027-07-01', week_minutes: [10, 0, 0, 0, 0, 0, 0] }));
    for (const d of plan.days) expect(d.minutes).toBeLessThanOrEqual(d.budget);
    expect(plan.totals.unfit_grids).toBeGreaterThan(0);
  });

  it('a day budget too small for a simulation: it is offered on the longest day, outside the budget', () => {
    const plan = buildPlan(input({ week_minutes: [30, 30, 30, 30, 30, 120, 0] }));
    const sims = plan.days.filter((d) => simsOn(d).length);
    expect(sims.length).toBe(8);
    for (const d of sims) {
      expect(weekdayOf(d.date)).toBe(5);
      expect(simsOn(d)[0]).toMatchObject({ fits: false, minutes: 180 });
      expect(d.minutes).toBeLessThanOrEqual(d.budget);
    }
  });
});

describe('today', () => {
  const start = input({ reviews_due: { '2027-05-03': 4 } });
  const morning = buildPlan(start);

  it('keeps the morning list while the candidate works through it, ticking it off', () => {
    const first = morning.days[0]!.items;
    const read = first.find((it) => it.kind === 'read')!;
    expect(read).toMatchObject({ chapter_id: 1, done: false });
    const grids = first.find((it) => it.kind === 'grids');
    const ch = start.centres[0]!.chapters.map((c) => (c.id === 1 ? { ...c, read: true, read_today: true, grids_done: 5, grids_today: 5 } : c));
    const evening = buildPlan({ ...start, centres: [{ ...start.centres[0]!, chapters: ch }], reviews_due: {}, reviews_today: 4 });
    const items = evening.days[0]!.items;
    expect(items.map((it) => it.kind)).toEqual(first.map((it) => it.kind));
    expect(items.find((it) => it.kind === 'read')).toMatchObject({ done: true });
    expect(items.find((it) => it.kind === 'reviews')).toMatchObject({ count: 4, done_count: 4 });
    if (grids?.kind === 'grids') expect(items.find((it) => it.kind === 'grids')).toMatchObject({ done_count: Math.min(5, grids.count) });
  });

  it('a simulation finished today satisfies its week and is ticked on today', () => {
    const plan = buildPlan(input({ today: '2027-07-05', simulations_done: [{ slug: 'timisoara', date: '2027-07-05' }] }));
    expect(simsOn(plan.days[0]!)[0]).toMatchObject({ slug: 'timisoara', done: true });
    expect(plan.days.filter((d) => d.date <= '2027-07-09' && d.date > '2027-07-05' && simsOn(d).length)).toEqual([]);
  });

  it('today is the date in Bucharest', () => {
    expect(bucharestDate(new Date('2027-07-19T21:30:00Z'))).toBe('2027-07-20');
    expect(bucharestDate(new Date('2027-01-10T22:30:00Z'))).toBe('2027-01-11');
    expect(bucharestDate(new Date('2027-01-10T21:30:00Z'))).toBe('2027-01-10');
  });
});
