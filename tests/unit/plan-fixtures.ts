// Fixed calendars and chapters for the planner's tests (issue 31 §1).
import type { PlanChapter, PlanCentreInput, PlanDay, PlanInput } from '../../src/shared/plan/index.ts';

export function chapters(from: number, count: number, grids = 40, sizeKb = 30): PlanChapter[] {
  return Array.from({ length: count }, (_, i) => ({
    id: from + i,
    title: `Capitolul ${from + i}`,
    size_kb: sizeKb,
    read: false,
    read_today: false,
    grids_total: grids,
    grids_done: 0,
    grids_today: 0,
  }));
}

export function centre(slug: string, exam_date: string, chs: PlanChapter[], simulation_min = 180): PlanCentreInput {
  return { slug, name: `UMF ${slug}`, exam_date, simulation_min, chapters: chs };
}

/** Monday–Friday 60 minutes, Saturday 200, Sunday free. */
export const WEEK = [60, 60, 60, 60, 60, 200, 0];

export function input(over: Partial<PlanInput> = {}): PlanInput {
  return {
    today: '2027-05-03',
    week_minutes: WEEK,
    centres: [centre('timisoara', '2027-07-20', chapters(1, 10))],
    reviews_due: {},
    reviews_today: 0,
    simulations_done: [],
    ...over,
  };
}

export const gridsOn = (d: PlanDay) => d.items.reduce((s, it) => s + (it.kind === 'grids' ? it.count : 0), 0);
export const simsOn = (d: PlanDay) => d.items.filter((it) => it.kind === 'simulation');
export const readsOn = (d: PlanDay) => d.items.filter((it) => it.kind === 'read');
