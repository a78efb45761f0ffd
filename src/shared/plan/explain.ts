// What changed since the previous plan (issue 31 §1): the work it asked for up to yesterday
// against what was done. Behind on anything wins over ahead on something else.
import { EXPLAIN_MIN_GRIDS } from './constants.ts';
import type { Plan, PlanDay, PlanExplanation, PlanProgress } from './types.ts';

/** The chapters and grids fallen behind (differences under EXPLAIN_MIN_GRIDS are no news). */
export function behindOf(p: PlanProgress): { chapters: number; grids: number } {
  const dc = p.chapters_done - p.chapters_due;
  const dg = p.grids_done - p.grids_due;
  return { chapters: dc < 0 ? -dc : 0, grids: dg <= -EXPLAIN_MIN_GRIDS ? -dg : 0 };
}

/** `catchUpDays`: the days the planner gave extra minutes to catching up (at most CATCH_UP_DAYS);
 *  0 when the next days had no spare minutes, and the line then names the days the rest went to. */
export function explain(p: PlanProgress, plan: Plan, catchUpDays = 0): PlanExplanation | null {
  const dc = p.chapters_done - p.chapters_due;
  const dg = p.grids_done - p.grids_due;
  const { chapters: behindC, grids: behindG } = behindOf(p);
  if (behindC > 0 || behindG > 0) {
    const days = catchUpDays || plan.days.filter((d) => d.items.some((it) => it.kind === 'read' || it.kind === 'grids')).length;
    return { kind: 'behind', chapters: behindC, grids: behindG, days };
  }
  const aheadC = dc > 0 ? dc : 0;
  const aheadG = dg >= EXPLAIN_MIN_GRIDS ? dg : 0;
  if (aheadC > 0 || aheadG > 0) return { kind: 'ahead', chapters: aheadC, grids: aheadG };
  return null;
}

/** The chapters finished and the grids a plan's days asked for, from `from` up to (not including) `to`. */
export function workDue(days: PlanDay[], from: string, to: string): { chapters: number; grids: number } {
  let chapters = 0;
  let grids = 0;
  for (const d of days) {
    if (d.date < from || d.date >= to) continue;
    for (const it of d.items) {
      if (it.kind === 'read' && it.finishes) chapters++;
      else if (it.kind === 'grids') grids += it.count;
    }
  }
  return { chapters, grids };
}
