// Study plan service (issue 31 §1): the planner's input from the server's own records, the plan,
// and what changed since the plan of an earlier day. What counts as done today: chapters marked read
// (user_chapter_progress, written by the chapter page's read mark, POST /courses/:m/:c/read; scrolling
// to the end is not recorded), grids first answered today in any test, review-test answers today,
// simulations finished today.
import type { Db } from '../../db/db.ts';
import { badRequest } from '../../lib/errors.ts';
import { isPremium } from '../practice/engine.ts';
import { buildPlan, bucharestDate, explanationText, workDue, PLAN_NEXT_DAYS, addDays } from '../../../src/shared/plan/index.ts';
import type { PlanCentreInput, PlanChapter, PlanInput, PlanProgress } from '../../../src/shared/plan/types.ts';
import { DEFAULT_WEEK_MINUTES, type PlanSettingsBody } from '../../../src/shared/plan-schema.ts';
import type { PlanResponse, PlanSettings } from '../../../src/shared/plan-payloads.ts';
import type { ScoringProfile } from '../../../src/shared/scoring.ts';
import * as q from './queries.ts';

/** The subjects of a centre's bibliography: its first subject variant (e.g. biologie + chimie). */
export function subjectsOf(p: ScoringProfile): string[] {
  return [...(p.subject_variants?.[0] ?? ['biologie', 'chimie'])];
}

export async function planInput(db: Db, userId: number, today: string): Promise<{ input: PlanInput; settings: PlanSettings }> {
  const { row, centres } = await q.settings(db, userId);
  const premium = await isPremium(db, userId);
  const subjects = [...new Set(centres.flatMap((c) => subjectsOf(c.profile)))];
  const rows = subjects.length ? await q.chapters(db, userId, premium, subjects, today) : [];
  const toChapter = (r: q.ChapterRow): PlanChapter => ({
    id: r.id,
    title: r.title,
    size_kb: Math.round(r.size / 1024),
    read: r.read_on !== null,
    read_today: r.read_on === today,
    grids_total: r.grids_total,
    grids_done: r.grids_done,
    grids_today: r.grids_today,
  });
  const inputs: PlanCentreInput[] = centres.map((c) => {
    const subs = subjectsOf(c.profile);
    return {
      slug: c.slug,
      name: c.name,
      exam_date: c.exam_date,
      simulation_min: c.profile.time_limit_min ?? 180,
      chapters: rows.filter((r) => subs.includes(r.subject)).map(toChapter),
    };
  });
  const [reviews_due, reviews_today, simulations_done] = centres.length
    ? await Promise.all([q.reviewsDue(db, userId, premium, today), q.reviewsToday(db, userId, today), q.simulationsDone(db, userId)])
    : [{}, 0, []];
  const settings: PlanSettings = {
    centres: centres.map(({ slug, name, exam_date }) => ({ slug, name, exam_date })),
    week_minutes: row?.week_minutes ?? DEFAULT_WEEK_MINUTES,
    reminder_hour: row?.reminder_hour ?? null,
  };
  return {
    input: { today, week_minutes: settings.week_minutes, centres: inputs, reviews_due, reviews_today, simulations_done },
    settings,
  };
}

/** How the candidate did against the plan of an earlier day, measured once a day (the first GET). */
async function progressFor(db: Db, userId: number, today: string): Promise<{ progress: PlanProgress | null; fresh: boolean }> {
  const snap = await q.snapshot(db, userId);
  if (!snap) return { progress: null, fresh: true };
  if (snap.made_on >= today) return { progress: snap.progress, fresh: false };
  const due = workDue(snap.days, snap.made_on, today);
  const done = await q.doneBetween(db, userId, snap.made_on, today);
  return { progress: { chapters_due: due.chapters, grids_due: due.grids, chapters_done: done.chapters, grids_done: done.grids }, fresh: true };
}

/** The days kept for tomorrow's comparison (a candidate away longer is compared over these). */
const SNAPSHOT_DAYS = 60;

export async function getPlan(db: Db, userId: number, now = new Date()): Promise<PlanResponse> {
  const today = bucharestDate(now);
  const { input, settings } = await planInput(db, userId, today);
  const { progress, fresh } = await progressFor(db, userId, today);
  if (progress) input.progress = progress;
  const plan = buildPlan(input);
  if (fresh && plan.state === 'active') await q.saveSnapshot(db, userId, today, plan.days.slice(0, SNAPSHOT_DAYS), progress);
  const year = Number(today.slice(0, 4));
  const last = addDays(today, PLAN_NEXT_DAYS);
  return {
    plan: {
      ...plan,
      days: plan.days.filter((d) => d.date <= last),
      explanation_text: plan.explanation ? explanationText(plan.explanation) : null,
    },
    settings,
    exam_dates: await q.examDates(db, [year, year + 1]),
    input,
    computed_at: now.toISOString(),
  };
}

export async function saveSettings(db: Db, userId: number, body: PlanSettingsBody): Promise<PlanSettings> {
  const known = await q.knownSlugs(db, body.centres.map((c) => c.slug));
  if (body.centres.some((c) => !known.has(c.slug))) throw badRequest('FORM_PLAN_CENTRE_UNKNOWN', 'centres');
  await q.saveSettings(db, userId, body);
  return (await planInput(db, userId, bucharestDate())).settings;
}
