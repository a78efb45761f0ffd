// The candidate reads of the bank bench (issue 30 §1), each timed through app.inject: the course
// list, a manual with progress, a chapter, POST /tests with each builder filter (and the count
// before it), the weak-chapters test, /stats, /review and the history. Rounds interleave the
// endpoints so a slow moment of the shared machine spreads over all of them.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { quantile } from './engine.ts';

export type Read = { name: string; method: 'GET' | 'POST'; url: string; body?: Record<string, unknown>; ok?: number[] };
export type ReadFigures = { name: string; n: number; p50: number; p95: number; p99: number; max: number };

export function candidateReads(manualId: number, manualSlug: string, chapterIds: number[], chapterSlugs: string[]): Read[] {
  const test = (name: string, filters: Record<string, unknown>, ok = [201]): Read => ({
    name: `POST /tests ${name}`,
    method: 'POST',
    url: '/api/v1/tests',
    body: { manual_id: manualId, count: 20, mode: 'tutor', ...filters },
    ok,
  });
  return [
    { name: 'GET /courses', method: 'GET', url: '/api/v1/courses' },
    { name: 'GET /courses/:manual', method: 'GET', url: `/api/v1/courses/${manualSlug}` },
    { name: 'GET /courses/:manual/:chapter', method: 'GET', url: `/api/v1/courses/${manualSlug}/${chapterSlugs[3]}` },
    test('(manual)', {}),
    test('chapters', { chapter_ids: chapterIds.slice(0, 3) }),
    test('difficulty', { difficulty: 'hard' }),
    test('measured easy', { measured: 'easy' }),
    test('measured hard', { measured: 'hard' }),
    test('unseen', { only_unseen: true }),
    test('wrong', { only_wrong: true }),
    test('favourites', { only_favorites: true }),
    test('wrong+chapters+hard', { only_wrong: true, chapter_ids: chapterIds.slice(0, 5), difficulty: 'hard' }),
    { name: 'POST /tests/available wrong', method: 'POST', url: '/api/v1/tests/available', body: { manual_id: manualId, only_wrong: true } },
    { name: 'POST /tests/weak', method: 'POST', url: '/api/v1/tests/weak', body: { count: 20 }, ok: [201] },
    { name: 'GET /stats', method: 'GET', url: '/api/v1/stats' },
    { name: 'GET /review', method: 'GET', url: '/api/v1/review' },
    { name: 'GET /tests (history)', method: 'GET', url: '/api/v1/tests' },
  ];
}

export async function timeReads(app: FastifyInstance, token: string, reads: Read[], rounds: number): Promise<ReadFigures[]> {
  const times = new Map<string, number[]>(reads.map((r) => [r.name, []]));
  const once = async (r: Read) => {
    const s = performance.now();
    const res = await app.inject({
      method: r.method,
      url: r.url,
      headers: { authorization: `Bearer ${token}` },
      ...(r.body ? { payload: r.body } : {}),
    });
    const ms = performance.now() - s;
    if (!(r.ok ?? [200]).includes(res.statusCode)) throw new Error(`${r.name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    return ms;
  };
  for (const r of reads) await once(r); // warm-up: first plans and caches, not counted
  for (let i = 0; i < rounds; i++) for (const r of reads) times.get(r.name)!.push(await once(r));
  return reads.map((r) => {
    const xs = times.get(r.name)!;
    return { name: r.name, n: xs.length, p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), p99: quantile(xs, 0.99), max: Math.max(...xs) };
  });
}

/**
 * The write side of the kept counts (migration 049's triggers run inside every answer save): one
 * exam test of `count` grids of the manual, each answered once through PUT, timed like the reads.
 */
export async function timeAnswerSaves(app: FastifyInstance, token: string, manualId: number, count: number): Promise<ReadFigures> {
  const headers = { authorization: `Bearer ${token}` };
  const made = await app.inject({ method: 'POST', url: '/api/v1/tests', headers, payload: { manual_id: manualId, count, mode: 'exam' } });
  if (made.statusCode !== 201) throw new Error(`POST /tests: ${made.statusCode} ${made.body.slice(0, 300)}`);
  const id = made.json().test.id as string;
  const grids = (await app.inject({ method: 'GET', url: `/api/v1/tests/${id}`, headers })).json().grids as Array<{ id: number }>;
  const xs: number[] = [];
  for (const [i, g] of grids.entries()) {
    const s = performance.now();
    const res = await app.inject({
      method: 'PUT',
      url: `/api/v1/tests/${id}/answers/${g.id}`,
      headers,
      payload: { id: randomUUID(), marked: [i % 3 ? 'A' : 'B'], time_ms: 20_000 },
    });
    xs.push(performance.now() - s);
    if (res.statusCode !== 200) throw new Error(`PUT answer: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  return { name: 'PUT /tests/:id/answers/:grid', n: xs.length, p50: quantile(xs, 0.5), p95: quantile(xs, 0.95), p99: quantile(xs, 0.99), max: Math.max(...xs) };
}
