// The plan back from the exam dates (issue 31 §1): pure and deterministic, so the server and an
// offline device compute the same plan from the same inputs. Each day: a simulation when one is
// due (the day is then the paper's, plus reviews), the FSRS reviews due, then new work (reading a
// chapter, then its grids, in the bibliography's order, earliest exam first) at the pace that
// finishes each chapter before the light last week of its first exam. Never more minutes than the
// day was given. Today is planned from the state at its start, so its list stays the same while
// the candidate ticks it off; later days start from what is left after today.
import { addDays, dayNumber, weekdayOf } from './calendar.ts';
import {
  CATCH_UP_DAYS,
  GRID_MIN,
  LIGHT_WEEK_DAYS,
  LIGHT_WEEK_SHARE,
  MAX_PLAN_DAYS,
  MIN_READ_SLICE_MIN,
  READ_MIN_PER_10KB,
  REVIEW_MIN,
} from './constants.ts';
import { behindOf, explain } from './explain.ts';
import { scheduleSimulations } from './simulations.ts';
import type { Plan, PlanCentreInput, PlanDay, PlanInput, PlanItem, PlanTotals } from './types.ts';

interface Work {
  id: number;
  title: string;
  exams: number[];
  readLeft: number;
  gridsLeft: number;
}

export function readingMinutes(sizeKb: number): number {
  return Math.max(1, Math.ceil((Math.max(0, sizeKb) / 10) * READ_MIN_PER_10KB));
}

const emptyTotals = (): PlanTotals => ({
  chapters_to_read: 0,
  grids: 0,
  reviews: 0,
  simulations: 0,
  minutes: 0,
  unfit_chapters: 0,
  unfit_grids: 0,
});

/** The chapters once each (a manual shared by two centres is read once), earliest exam first. */
function workList(centres: PlanCentreInput[], current: boolean): Work[] {
  const byId = new Map<number, Work>();
  for (const c of centres) {
    const exam = dayNumber(c.exam_date);
    for (const ch of c.chapters) {
      const seen = byId.get(ch.id);
      if (seen) {
        seen.exams.push(exam);
        continue;
      }
      const read = current ? ch.read : ch.read && !ch.read_today;
      const done = current ? ch.grids_done : ch.grids_done - ch.grids_today;
      byId.set(ch.id, {
        id: ch.id,
        title: ch.title,
        exams: [exam],
        readLeft: read ? 0 : readingMinutes(ch.size_kb),
        gridsLeft: Math.max(0, ch.grids_total - Math.max(0, done)),
      });
    }
  }
  return [...byId.values()];
}

/** The day by which a chapter should be done, seen from day d: before the light week of its next
 *  exam, or the eve of that exam once the light week has begun; null once its exams are over. */
function deadline(w: Work, d: number): number | null {
  const next = Math.min(...w.exams.filter((e) => e > d));
  if (!Number.isFinite(next)) return null;
  const soft = next - LIGHT_WEEK_DAYS - 1;
  return soft >= d ? soft : next - 1;
}

const workMinutes = (w: Work) => w.readLeft + w.gridsLeft * GRID_MIN;

export function buildPlan(input: PlanInput): Plan {
  const today = dayNumber(input.today);
  const live = input.centres
    .filter((c) => dayNumber(c.exam_date) >= today)
    .sort((a, b) => dayNumber(a.exam_date) - dayNumber(b.exam_date) || a.slug.localeCompare(b.slug));
  const base = { today: input.today, totals: emptyTotals(), explanation: null, days: [] };
  if (live.length === 0) {
    return { ...base, state: input.centres.length ? 'past' : 'none', last_exam: null, countdown: [] };
  }
  const lastExam = dayNumber(live[live.length - 1]!.exam_date);
  const span = Math.min(lastExam - today, MAX_PLAN_DAYS);
  const examDays = new Set(live.map((c) => c.exam_date));
  const dates = Array.from({ length: span + 1 }, (_, i) => addDays(input.today, i));
  const given = (date: string) =>
    examDays.has(date) ? 0 : Math.max(0, Math.floor(input.week_minutes[weekdayOf(date)] ?? 0));
  const light = (d: number) => live.some((c) => dayNumber(c.exam_date) > d && dayNumber(c.exam_date) - d <= LIGHT_WEEK_DAYS);
  const sims = scheduleSimulations(input, live, given, examDays);
  const due = (date: string) => Math.max(0, input.reviews_due[date] ?? 0);

  // Minutes left for new work each day (after its simulation or expected reviews), summed from the end.
  const newCap = dates.map((date, i) => {
    const cap = light(today + i) ? Math.floor(given(date) * LIGHT_WEEK_SHARE) : given(date);
    return sims.has(date) ? 0 : Math.max(0, cap - due(date) * REVIEW_MIN);
  });
  const suffix = new Array<number>(newCap.length + 1).fill(0);
  for (let i = newCap.length - 1; i >= 0; i--) suffix[i] = suffix[i + 1]! + newCap[i]!;
  const freeBetween = (from: number, to: number): number => suffix[from - today]! - suffix[Math.min(to, today + span) - today + 1]!;

  let work = workList(live, false);
  let pendingReviews = input.reviews_today;
  // Catching up (issue 31 §1): the minutes of the work fallen behind go to the next CATCH_UP_DAYS
  // days on top of the on-time pace (never past a day's minutes), so the line can name those days;
  // the pace of the later days then falls back by itself (less is left).
  let catchUpLeft = catchUpMinutes(input, work);
  const catchUpPerDay = catchUpLeft / CATCH_UP_DAYS;
  let catchUpDays = 0;
  const days: PlanDay[] = [];
  const totals = emptyTotals();

  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    const d = today + i;
    const budget = given(date);
    const isLight = light(d);
    const items: PlanItem[] = [];
    const sim = sims.get(date);
    // A simulation day is the paper's (its full minutes, light week or not), plus reviews.
    const cap = isLight && !sim ? Math.floor(budget * LIGHT_WEEK_SHARE) : budget;
    let left = cap;
    if (sim) {
      items.push({ kind: 'simulation', ...sim });
      if (sim.fits) left -= sim.minutes;
      totals.simulations++;
    }
    pendingReviews += due(date);
    const reviews = Math.min(pendingReviews, Math.floor(left / REVIEW_MIN));
    if (reviews > 0) {
      items.push({ kind: 'reviews', count: reviews, minutes: reviews * REVIEW_MIN, done_count: 0 });
      left -= reviews * REVIEW_MIN;
      pendingReviews -= reviews;
    }
    if (!sim && left > 0) {
      const extra = i < CATCH_UP_DAYS ? Math.min(catchUpLeft, catchUpPerDay) : 0;
      const r = planNewWork(work, d, left, freeBetween, items, extra);
      left = r.left;
      if (r.extraUsed > 0) {
        catchUpLeft -= r.extraUsed;
        catchUpDays++;
      }
    }
    const exams = live.filter((c) => c.exam_date === date).map((c) => c.slug);
    days.push({ date, budget, minutes: cap - left, light: isLight, exams, items });
    if (i === 0) {
      tickToday(days[0]!, input);
      // Later days start from what is left after today: today's list taken as done, or more if more was done.
      const now = new Map(workList(live, true).map((w) => [w.id, w]));
      work = work.map((w) => {
        const c = now.get(w.id);
        return c ? { ...w, readLeft: Math.min(w.readLeft, c.readLeft), gridsLeft: Math.min(w.gridsLeft, c.gridsLeft) } : w;
      });
      const reviewItem = days[0]!.items.find((it) => it.kind === 'reviews');
      const extra = Math.max(0, input.reviews_today - (reviewItem?.kind === 'reviews' ? reviewItem.count : 0));
      pendingReviews = Math.max(0, pendingReviews - extra);
    }
  }
  for (const day of days) {
    for (const it of day.items) {
      if (it.kind === 'read' && it.finishes) totals.chapters_to_read++;
      else if (it.kind === 'grids') totals.grids += it.count;
      else if (it.kind === 'reviews') totals.reviews += it.count;
    }
    totals.minutes += day.minutes;
  }
  totals.unfit_chapters = work.filter((w) => w.readLeft > 0).length;
  totals.unfit_grids = work.reduce((s, w) => s + w.gridsLeft, 0);
  const countdown = live.map((c) => ({
    slug: c.slug,
    name: c.name,
    exam_date: c.exam_date,
    days_left: dayNumber(c.exam_date) - today,
  }));
  const plan: Plan = { ...base, state: 'active', last_exam: dateOf(lastExam, input.today, today), days, totals, countdown };
  plan.explanation = input.progress ? explain(input.progress, plan, catchUpDays) : null;
  return plan;
}

/** The minutes of the work fallen behind: its grids, and its chapters at the mean reading still left. */
function catchUpMinutes(input: PlanInput, work: Work[]): number {
  if (!input.progress) return 0;
  const behind = behindOf(input.progress);
  const unread = work.filter((w) => w.readLeft > 0);
  const meanRead = unread.length ? unread.reduce((s, w) => s + w.readLeft, 0) / unread.length : 0;
  return behind.grids * GRID_MIN + behind.chapters * meanRead;
}

const dateOf = (n: number, todayDate: string, today: number) => addDays(todayDate, n - today);

/** New work on day d within `left` minutes at the pace that meets every deadline, plus `extra`
 *  minutes of catching up; returns the minutes left and how many of the extra were used. */
function planNewWork(
  work: Work[],
  d: number,
  left: number,
  freeBetween: (from: number, to: number) => number,
  items: PlanItem[],
  extra = 0,
): { left: number; extraUsed: number } {
  const pending = work
    .map((w) => ({ w, due: deadline(w, d) }))
    .filter((x): x is { w: Work; due: number } => x.due !== null && workMinutes(x.w) > 0)
    .sort((a, b) => a.due - b.due);
  if (pending.length === 0) return { left, extraUsed: 0 };
  let pace = 0;
  let need = 0;
  for (let k = 0; k < pending.length; k++) {
    need += workMinutes(pending[k]!.w);
    if (k + 1 < pending.length && pending[k + 1]!.due === pending[k]!.due) continue;
    const free = freeBetween(d, pending[k]!.due);
    pace = Math.max(pace, free > 0 ? need / free : 1);
  }
  const onTime = Math.min(left, Math.ceil(Math.min(1, pace) * left + GRID_MIN));
  let allowance = Math.min(left, Math.ceil(Math.min(1, pace) * left + GRID_MIN + extra));
  const start = allowance;
  let readingBlocked = false;
  for (const { w } of pending) {
    if (allowance < GRID_MIN && allowance < w.readLeft) break;
    if (w.readLeft > 0) {
      if (readingBlocked) continue;
      const slice = Math.min(w.readLeft, allowance);
      if (slice < Math.min(MIN_READ_SLICE_MIN, w.readLeft)) {
        readingBlocked = true;
        continue;
      }
      w.readLeft -= slice;
      allowance -= slice;
      items.push({ kind: 'read', chapter_id: w.id, title: w.title, minutes: slice, finishes: w.readLeft === 0, done: false });
      if (w.readLeft > 0) {
        readingBlocked = true;
        continue;
      }
    }
    const n = Math.min(w.gridsLeft, Math.floor(allowance / GRID_MIN));
    if (n > 0) {
      w.gridsLeft -= n;
      allowance -= n * GRID_MIN;
      items.push({ kind: 'grids', chapter_id: w.id, title: w.title, count: n, minutes: n * GRID_MIN, done_count: 0 });
    }
  }
  const used = start - allowance;
  return { left: left - used, extraUsed: Math.max(0, used - onTime) };
}

/** Ticks today's items with what the server's records (or the device's) say was done today. */
function tickToday(day: PlanDay, input: PlanInput): void {
  const chapters = new Map(input.centres.flatMap((c) => c.chapters).map((ch) => [ch.id, ch]));
  for (const it of day.items) {
    if (it.kind === 'read') it.done = chapters.get(it.chapter_id)?.read_today === true;
    else if (it.kind === 'grids') it.done_count = Math.min(it.count, chapters.get(it.chapter_id)?.grids_today ?? 0);
    else if (it.kind === 'reviews') it.done_count = Math.min(it.count, input.reviews_today);
    else if (it.kind === 'simulation') it.done = it.done || input.simulations_done.some((s) => s.slug === it.slug && s.date === input.today);
  }
}
