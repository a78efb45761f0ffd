// Creating a test online is idempotent (issue 11 §1): POST /tests carries the client's UUID, so a
// retry after a timeout (the server may have created it and answered too late) returns the same
// test instead of a second one. Only when the server stays unreachable does the app fall back
// to a test made on the device; the id it tried is remembered and, once the server answers
// again, removed there if the server did create it and nobody answered in it.
import { rememberOrphan } from './orphan-creates.ts';
import { ApiError } from '../api/errors.ts';
import { createTest, fetchTest, type TestDetail } from '../api/practice.ts';
import type { CreateTestBody } from '../shared/test-schema.ts';

export const CREATE_ATTEMPTS = 3;

const unreachable = (err: unknown) => err instanceof ApiError && err.code === 'FORM_REQUEST_FAILED';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `call`, retrying a failed connection (timeout, network) with the same request. */
export async function withRetry<T>(call: () => Promise<T>, attempts = CREATE_ATTEMPTS, wait: (ms: number) => Promise<unknown> = sleep): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await call();
    } catch (err) {
      if (!unreachable(err) || i >= attempts) throw err;
      await wait(500 * i);
    }
  }
}

export type CreateOptions = {
  /**
   * Tries of POST /tests. A builder whose grids are on the device asks for one: when it fails, the
   * device makes the test at once instead of waiting 1.5 s of retries (12 s a try on a connection
   * that hangs) for a server it does not need; the id it tried is remembered like any other.
   */
  attempts?: number;
  /** POST /tests's own timeout (ms), shorter than the client's 12 s for the same reason. */
  timeout?: number;
  wait?: (ms: number) => Promise<unknown>;
};

/**
 * POST /tests (same id on every retry), then the test's detail — null when the test exists on the
 * server but its detail could not be read yet (the solve screen fetches it). Throws ApiError otherwise.
 */
export async function createOnline(body: CreateTestBody & { id: string }, { attempts = CREATE_ATTEMPTS, timeout, wait }: CreateOptions = {}): Promise<TestDetail | null> {
  try {
    await withRetry(() => createTest(body, timeout), attempts, wait);
  } catch (err) {
    if (unreachable(err)) await rememberOrphan(body.id);
    throw err;
  }
  try {
    return await withRetry(() => fetchTest(body.id), CREATE_ATTEMPTS, wait);
  } catch (err) {
    if (unreachable(err)) return null;
    throw err;
  }
}
