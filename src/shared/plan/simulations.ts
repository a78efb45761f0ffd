// When the full simulations go (issue 31 §1): one a week in each of the last SIMULATION_WEEKS
// weeks before each chosen exam, never in its last SIMULATION_REST_DAYS days nor on an exam day,
// at most one a day. In each week the day with the most minutes that holds the whole paper (the
// latest of equals, so the papers stay about a week apart); when no day of that week holds it, the
// longest day is offered with `fits: false` (outside the day's budget).
import { addDays, dayNumber } from './calendar.ts';
import { SIMULATION_REST_DAYS, SIMULATION_WEEKS } from './constants.ts';
import type { PlanCentreInput, PlanInput } from './types.ts';

export interface SimulationSlot {
  slug: string;
  name: string;
  minutes: number;
  fits: boolean;
  done: boolean;
}

export function scheduleSimulations(
  input: PlanInput,
  centres: PlanCentreInput[],
  budgetOf: (date: string) => number,
  examDays: Set<string>,
): Map<string, SimulationSlot> {
  const slots = new Map<string, SimulationSlot>();
  const today = dayNumber(input.today);
  for (const c of centres) {
    const exam = dayNumber(c.exam_date);
    const done = input.simulations_done.filter((s) => s.slug === c.slug).map((s) => dayNumber(s.date));
    for (let k = 1; k <= SIMULATION_WEEKS; k++) {
      const start = exam - 7 * k;
      const end = Math.min(start + 6, exam - SIMULATION_REST_DAYS - 1);
      if (end < today || end < start) continue;
      const slot = { slug: c.slug, name: c.name, minutes: c.simulation_min };
      if (done.some((d) => d >= start && d <= end && d < today)) continue;
      const todayDate = input.today;
      if (done.includes(today) && today >= start && !slots.has(todayDate)) {
        slots.set(todayDate, { ...slot, fits: c.simulation_min <= budgetOf(todayDate), done: true });
        continue;
      }
      let best: string | null = null;
      let bestBudget = -1;
      let longest: string | null = null;
      let longestBudget = 0;
      for (let d = Math.max(start, today); d <= end; d++) {
        const date = addDays(input.today, d - today);
        if (examDays.has(date) || slots.has(date)) continue;
        const b = budgetOf(date);
        if (b >= c.simulation_min && b >= bestBudget) {
          best = date;
          bestBudget = b;
        }
        if (b > 0 && b >= longestBudget) {
          longest = date;
          longestBudget = b;
        }
      }
      if (best) slots.set(best, { ...slot, fits: true, done: false });
      else if (longest) slots.set(longest, { ...slot, fits: false, done: false });
    }
  }
  return slots;
}
