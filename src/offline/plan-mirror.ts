// The study plan on the device (issue 31 §1): the last GET /plan is kept in Dexie's meta table per
// account, with the inputs the planner used; offline, the device adds what it did since (answers
// in its own tests after the server's copy was made) and runs the same buildPlan, so it shows the
// plan the server would.
import { db, type LocalTest } from './db.ts';
import { bucharestDate, buildPlan, explanationText, type Plan, type PlanInput } from '../shared/plan/index.ts';
import type { PlanResponse } from '../shared/plan-payloads.ts';

const key = (owner: number) => `plan:${owner}`;

export async function storePlan(owner: number, res: PlanResponse): Promise<void> {
  await db.meta.put({ key: key(owner), value: res });
}

export async function storedPlan(owner: number): Promise<PlanResponse | null> {
  const row = await db.meta.get(key(owner));
  return (row?.value as PlanResponse | undefined) ?? null;
}

/** The stored inputs with this device's work since the server's copy: grids answered (marks given)
 *  in its tests, review-test answers and simulations finished, on today's Bucharest date. */
export async function withLocalWork(res: PlanResponse, now = new Date(), owner?: number): Promise<PlanInput> {
  // Two accounts on one device: only this account's tests count (owner given by the page).
  const mine = (t: LocalTest | undefined): t is LocalTest => t !== undefined && (owner === undefined || t.owner_id === owner);
  const today = bucharestDate(now);
  const input: PlanInput = structuredClone(res.input);
  const sameDay = input.today === today;
  input.today = today;
  if (!sameDay) {
    // The server's "today" is yesterday now: nothing of it counts as today's any more.
    input.reviews_today = 0;
    for (const c of input.centres) for (const ch of c.chapters) Object.assign(ch, { read_today: false, grids_today: 0 });
    delete input.progress;
  }
  const since = sameDay ? res.computed_at : '';
  await addLocalSimulations(input, today, mine);
  const given = (await db.answers.toArray()).filter(
    (a) => a.marked.length > 0 && a.answered_at > since && bucharestDate(new Date(a.answered_at)) === today,
  );
  if (!given.length) return input;
  const tests = new Map((await db.tests.bulkGet([...new Set(given.map((a) => a.test_id))])).flatMap((t) => (mine(t) ? [[t.id, t]] : [])));
  const answers = given.filter((a) => tests.has(a.test_id));
  const gridIds = [...new Set(answers.filter((a) => tests.get(a.test_id)?.kind !== 'review').map((a) => a.grid_id))];
  const grids = (await db.grids.bulkGet(gridIds)).flatMap((g) => (g ? [g] : []));
  input.reviews_today += answers.filter((a) => tests.get(a.test_id)?.kind === 'review').length;
  const perChapter = new Map<number, number>();
  for (const g of grids) perChapter.set(g.chapter_id, (perChapter.get(g.chapter_id) ?? 0) + 1);
  for (const c of input.centres)
    for (const ch of c.chapters) {
      const n = perChapter.get(ch.id) ?? 0;
      ch.grids_today += n;
      ch.grids_done = Math.min(ch.grids_total, ch.grids_done + n);
    }
  return input;
}

/** Simulations finished on this device today that the server has not counted yet (finished offline
 *  and not synced, or after the server's copy): the day's simulation is done for that centre. */
async function addLocalSimulations(input: PlanInput, today: string, mine: (t: LocalTest | undefined) => boolean): Promise<void> {
  const finished = await db.tests.where('status').equals('finished').toArray();
  for (const t of finished) {
    if (!mine(t) || t.kind !== 'simulation' || !t.centre || !t.finished_at || bucharestDate(new Date(t.finished_at)) !== today) continue;
    const slug = t.centre;
    if (!input.simulations_done.some((s) => s.slug === slug && s.date === today)) input.simulations_done.push({ slug, date: today });
  }
}

/** The plan as this device computes it from the stored copy: the same planner as the server. */
export async function devicePlan(res: PlanResponse, now = new Date(), owner?: number): Promise<Plan & { explanation_text: string | null }> {
  const plan = buildPlan(await withLocalWork(res, now, owner));
  return { ...plan, explanation_text: plan.explanation ? explanationText(plan.explanation) : null };
}
