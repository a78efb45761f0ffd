// Typed calls of the tests engine (server/modules/practice, review, stats/weak). Shapes follow the
// server's serializers exactly (model.ts serializeTest, service.ts getTest/putAnswer, results.ts).
import { api, request } from './client.ts';
import type { CreateTestBody } from '../shared/test-schema.ts';
import type { GridOutcome, QuestionType } from '../shared/scoring.ts';
import type { TestsCount } from '../shared/types.ts';

export type TestStatusApi = 'unfinished' | 'finished' | 'abandoned';

export type ServerTest = {
  id: string;
  mode: 'tutor' | 'exam';
  status: TestStatusApi;
  kind: 'custom' | 'weak' | 'review' | 'sync';
  finish_reason: 'user' | 'expired' | 'sync' | null;
  manual_id: number | null;
  filters: Record<string, unknown>;
  grid_count: number;
  answered_count?: number;
  time_limit_s: number | null;
  remaining_s: number | null;
  started_at: string;
  last_activity_at: string;
  finished_at: string | null;
  score: number | null;
  max_score: number | null;
  grade: number | null;
  profile: string | null;
  source: 'online' | 'offline';
  created_at: string;
};

export type ServerResult = {
  score: number;
  max_score: number;
  grade: number;
  passed: boolean;
  exam_points: number;
  profile: string;
  mapping: 'positional' | 'by_type';
  counts: Record<GridOutcome, number>;
};

export type ServerTestGrid = {
  position: number;
  id: number;
  type: QuestionType;
  statement: string;
  options: Record<string, string>;
  difficulty: 'easy' | 'hard';
  chapter: { id: number; title: string; manual_id: number };
  correct: string[] | null;
  explanation: string | null;
  explanation_photo_url: string | null;
};

export type ServerAnswer = {
  id: string;
  grid_id: number;
  marked: string[];
  flagged: boolean;
  time_ms: number | null;
  answered_at: string;
  updated_at: string;
  outcome?: GridOutcome;
};

export type TestDetail = { test: ServerTest; grids: ServerTestGrid[]; answers: ServerAnswer[] };

export type PutAnswerResponse = {
  answer: ServerAnswer;
  correct?: string[];
  explanation?: string;
  explanation_photo_url?: string | null;
};

export type ResultGrid = {
  position: number;
  grid_id: number;
  type: QuestionType;
  statement: string;
  options: Record<string, string>;
  marked: string[];
  correct: string[];
  outcome: GridOutcome;
  points: number;
  max_points: number;
  flagged: boolean;
  time_ms: number | null;
  explanation: string | null;
  explanation_photo_url: string | null;
  chapter: { id: number; title: string; manual_id: number } | null;
};

export type CenterScore = {
  slug: string;
  name: string;
  known: boolean;
  score: number;
  max_score: number;
  grade: number;
  passed: boolean;
  mapping: 'positional' | 'by_type';
};

export type TestResults = {
  test: ServerTest;
  result: ServerResult;
  grids: ResultGrid[];
  by_center: CenterScore[];
  /** finished_at − started_at in seconds: the same total time the ranking shows (src/shared/test-time.ts). */
  total_time_s: number;
};

export type Ranking = {
  total: number;
  rank: number;
  percentile: number;
  max_score: number | null;
  entries: { rank: number; name: string; score: number; duration_s: number; is_me: boolean }[];
};

export type HistoryPage = { tests: ServerTest[]; page: number; per_page: number; total: number };

export type ServerSyncOutcome = {
  id: string;
  status: 'synced' | 'conflict' | 'rejected';
  code?: string;
  test_status?: TestStatusApi;
  result?: ServerResult;
};

export type ReviewQueue = { due_count: number; total_cards: number; next_due: string | null };

export const createTest = (body: CreateTestBody) =>
  api.post<{ success: 'TEST_CREATED'; test: ServerTest }>('/tests', body);
export const fetchTest = (id: string) => api.get<TestDetail>(`/tests/${encodeURIComponent(id)}`);
export const putAnswer = (
  testId: string,
  gridId: number,
  body: { id: string; marked: string[]; flagged?: boolean; time_ms?: number; answered_at?: string },
) => api.put<PutAnswerResponse>(`/tests/${encodeURIComponent(testId)}/answers/${gridId}`, body);
export const postRemaining = (id: string, remaining_s: number) =>
  api.post<{ remaining_s: number; status: TestStatusApi }>(`/tests/${encodeURIComponent(id)}/remaining`, { remaining_s });
export const finishTest = (id: string) =>
  api.post<{ success: 'TEST_FINISHED'; test: ServerTest; result: ServerResult }>(`/tests/${encodeURIComponent(id)}/finish`);
export const abandonTest = (id: string) =>
  api.post<{ success: 'TEST_ABANDONED'; test: ServerTest }>(`/tests/${encodeURIComponent(id)}/abandon`);
export const deleteTest = (id: string) => api.delete<{ success: 'TEST_DELETED' }>(`/tests/${encodeURIComponent(id)}`);
export const fetchResults = (id: string) => api.get<TestResults>(`/tests/${encodeURIComponent(id)}/results`);
export const fetchRanking = (id: string) => api.get<Ranking>(`/tests/${encodeURIComponent(id)}/ranking`);
export const fetchHistory = (page = 1, status?: TestStatusApi) =>
  api.get<HistoryPage>('/tests', status ? { page, status } : { page });
export const fetchTestsCountApi = () => api.get<TestsCount>('/user/tests-count');
export type SyncPayload = { id: string; manual_id: number | null; [key: string]: unknown };
/** `token` pins the account: the outbox sends an owner's tests only with the owner's token. */
export const syncTests = (tests: SyncPayload[], token?: string) =>
  request<{ success: 'TEST_SYNCED'; tests: ServerSyncOutcome[] }>('post', '/tests/sync', {
    json: { tests },
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  });
export const createWeakTest = (count = 20) =>
  api.post<{ success: 'TEST_CREATED'; test: ServerTest }>('/tests/weak', { count });
export const fetchReviewQueue = () => api.get<ReviewQueue>('/review');
export const createReviewTest = (count = 20) =>
  api.post<{ success: 'TEST_CREATED'; test: ServerTest }>('/review/test', { count });
