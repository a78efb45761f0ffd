// Typed calls of the tests engine (server/modules/practice, review, stats/weak). The payload types
// are declared once in src/shared/practice-payloads.ts, which the server's serializers return.
import { api, request } from './client.ts';
import type { CreateTestBody, GridFilters, TestStatus } from '../shared/test-schema.ts';
import type {
  AvailableGridsResponse,
  HistoryPage,
  PutAnswerResponse,
  Ranking,
  RemainingResponse,
  ReviewQueue,
  SyncResponse,
  TestAbandonedResponse,
  TestCreatedResponse,
  TestDeletedResponse,
  TestDetail,
  TestFinishedResponse,
  TestResults,
} from '../shared/practice-payloads.ts';
import type { TestsCount } from '../shared/types.ts';

export type {
  CenterScore,
  HistoryPage,
  PutAnswerResponse,
  Ranking,
  ResultGrid,
  ReviewQueue,
  ServerAnswer,
  ServerResult,
  ServerSyncOutcome,
  ServerTest,
  ServerTestGrid,
  TestDetail,
  TestResults,
} from '../shared/practice-payloads.ts';

/** POST /tests; `timeout` (ms) shortens the client's usual wait when the device has another way to make the test. */
export const createTest = (body: CreateTestBody, timeout?: number) =>
  timeout === undefined ? api.post<TestCreatedResponse>('/tests', body) : request<TestCreatedResponse>('post', '/tests', { json: body, timeout });
/** How many grids the builder's filters allow (POST /tests/available). */
export const fetchAvailable = (body: GridFilters) => api.post<AvailableGridsResponse>('/tests/available', body);
export const fetchTest = (id: string) => api.get<TestDetail>(`/tests/${encodeURIComponent(id)}`);
export const putAnswer = (
  testId: string,
  gridId: number,
  body: { id: string; marked: string[]; flagged?: boolean; time_ms?: number; answered_at?: string },
) => api.put<PutAnswerResponse>(`/tests/${encodeURIComponent(testId)}/answers/${gridId}`, body);
export const postRemaining = (id: string, remaining_s: number) =>
  api.post<RemainingResponse>(`/tests/${encodeURIComponent(id)}/remaining`, { remaining_s });
export const finishTest = (id: string) =>
  api.post<TestFinishedResponse>(`/tests/${encodeURIComponent(id)}/finish`);
export const abandonTest = (id: string) =>
  api.post<TestAbandonedResponse>(`/tests/${encodeURIComponent(id)}/abandon`);
export const deleteTest = (id: string) => api.delete<TestDeletedResponse>(`/tests/${encodeURIComponent(id)}`);
export const fetchResults = (id: string) => api.get<TestResults>(`/tests/${encodeURIComponent(id)}/results`);
export const fetchRanking = (id: string) => api.get<Ranking>(`/tests/${encodeURIComponent(id)}/ranking`);
export const fetchHistory = (page = 1, status?: TestStatus) =>
  api.get<HistoryPage>('/tests', status ? { page, status } : { page });
export const fetchTestsCountApi = () => api.get<TestsCount>('/user/tests-count');
export type SyncPayload = { id: string; manual_id: number | null; [key: string]: unknown };
/** `token` pins the account: the outbox sends an owner's tests only with the owner's token. */
export const syncTests = (tests: SyncPayload[], token?: string) =>
  request<SyncResponse>('post', '/tests/sync', {
    json: { tests },
    ...(token ? { headers: { Authorization: `Bearer ${token}` } } : {}),
  });
export const createWeakTest = (count = 20) =>
  api.post<TestCreatedResponse>('/tests/weak', { count });
export const fetchReviewQueue = () => api.get<ReviewQueue>('/review');
export const createReviewTest = (count = 20) =>
  api.post<TestCreatedResponse>('/review/test', { count });
