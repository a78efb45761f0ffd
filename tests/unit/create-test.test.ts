import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/offline/db.ts';
import { ApiError } from '../../src/api/errors.ts';

const createTest = vi.fn();
const fetchTest = vi.fn();
const deleteTest = vi.fn();
vi.mock('../../src/api/practice.ts', () => ({
  createTest: (...a: unknown[]) => createTest(...a),
  fetchTest: (...a: unknown[]) => fetchTest(...a),
  deleteTest: (...a: unknown[]) => deleteTest(...a),
}));
const { createOnline } = await import('../../src/offline/create-test.ts');
const { discardOrphans } = await import('../../src/offline/orphan-creates.ts');

const timeout = () => new ApiError(null, { errors: { general: ['FORM_REQUEST_FAILED'] } });
const body = { id: '11111111-2222-4333-8444-555555555555', manual_id: 1, count: 2, mode: 'exam' as const };
const noWait = () => Promise.resolve();
const detail = { test: { id: body.id, status: 'unfinished', answered_count: 0 }, grids: [], answers: [] };

beforeEach(async () => {
  await db.delete();
  await db.open();
  localStorage.setItem('token', 't');
  localStorage.setItem('user_id', '1');
  for (const f of [createTest, fetchTest, deleteTest]) f.mockReset();
});

describe('idempotent test creation (issue 11 §1)', () => {
  it('retries POST /tests after a timeout with the same client id and uses the one test', async () => {
    createTest.mockRejectedValueOnce(timeout()).mockResolvedValueOnce({ success: 'TEST_CREATED', test: { id: body.id } });
    fetchTest.mockResolvedValue(detail);
    const got = await createOnline(body, { wait: noWait });
    expect(got).toBe(detail);
    expect(createTest).toHaveBeenCalledTimes(2);
    expect(createTest.mock.calls.map((c) => (c[0] as { id: string }).id)).toEqual([body.id, body.id]);
    expect(await db.meta.get('orphan_creates')).toBeUndefined();
  });

  it('when the server stays unreachable, remembers the id and later removes an empty test the server did create', async () => {
    createTest.mockRejectedValue(timeout());
    await expect(createOnline(body, { wait: noWait })).rejects.toMatchObject({ code: 'FORM_REQUEST_FAILED' });
    expect(createTest).toHaveBeenCalledTimes(3);
    fetchTest.mockResolvedValue(detail);
    deleteTest.mockResolvedValue({ success: 'TEST_DELETED' });
    expect(await discardOrphans()).toBe(1);
    expect(deleteTest).toHaveBeenCalledWith(body.id);
    expect(await discardOrphans()).toBe(0);
  });

  it('one try when the device can make the test itself: no retries, the id still remembered', async () => {
    createTest.mockRejectedValue(timeout());
    const waited = vi.fn(noWait);
    await expect(createOnline(body, { attempts: 1, timeout: 4000, wait: waited })).rejects.toMatchObject({ code: 'FORM_REQUEST_FAILED' });
    expect(createTest).toHaveBeenCalledTimes(1);
    expect(createTest).toHaveBeenCalledWith(body, 4000);
    expect(waited).not.toHaveBeenCalled();
    expect(await db.meta.get('orphan_creates')).toMatchObject({ value: [{ id: body.id }] });
  });

  it('a test created but not readable yet is not made again on the device', async () => {
    createTest.mockResolvedValue({ success: 'TEST_CREATED', test: { id: body.id } });
    fetchTest.mockRejectedValue(timeout());
    expect(await createOnline(body, { wait: noWait })).toBeNull();
    expect(await db.meta.get('orphan_creates')).toBeUndefined();
  });
});
