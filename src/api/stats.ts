// GET /stats (server/modules/stats/queries.ts); the payload is declared in src/shared/stats-payloads.ts.
import { api } from './client.ts';
import type { Stats } from '../shared/stats-payloads.ts';

export type { Agg, ChapterStat, ManualStat, ProgressDay, Stats } from '../shared/stats-payloads.ts';

export const fetchStats = () => api.get<Stats>('/stats');
