// GET /stats (server/modules/stats/queries.ts).
import { api } from './client.ts';

export type Agg = { answered: number; right: number; partial: number; wrong: number; correct_pct: number };
export type ManualStat = Agg & { manual_id: number; title: string };
export type ChapterStat = Agg & { chapter_id: number; title: string; manual_id: number };
export type ProgressDay = { day: string; answered: number; right: number; correct_pct: number };

export type Stats = {
  totals: {
    tests: number;
    tests_finished: number;
    tests_unfinished: number;
    tests_abandoned: number;
    grids_answered: number;
    right: number;
    partial: number;
    wrong: number;
    correct_pct: number;
    avg_time_ms: number | null;
    total_time_ms: number;
  };
  manuals: ManualStat[];
  chapters: ChapterStat[];
  progress: ProgressDay[];
  weakest_chapters: ChapterStat[];
  weak_min_answered: number;
};

export const fetchStats = () => api.get<Stats>('/stats');
