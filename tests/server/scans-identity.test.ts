// Whose sheet is in the photo (issue 22): a scan is graded only as the uploader's attempt at the
// simulation it was uploaded to. Another candidate's sheet, the candidate's own sheet of another
// simulation and a sheet whose QR code cannot be read are refused with their codes and never
// graded, also when they come among good photos; a photo without a readable code beside one that
// proves the sheet is left out. The texts name which it is without anything of the other person.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { photo, READING_TIMEOUT_MS, rightMarks, scanWorld, settled, sheetIdOf, upload, type ScanWorld } from './scans-fixture.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import { uploadVerdict } from '../../server/modules/scans/identity.ts';
import { claimScan, failScan, insertScan, sheetById } from '../../server/modules/scans/queries.ts';
import { randomUUID } from 'node:crypto';

let w: ScanWorld;
let A: FixtureUser, B: FixtureUser;
let otherSim: string;

beforeAll(async () => {
  w = await scanWorld();
  A = await makeUser(db(), { name: 'Ana Candidată' });
  B = await makeUser(db(), { name: 'Bogdan Vecinul' });
  otherSim = await w.newSimulation('Altă simulare pe hârtie');
}, 300_000);
afterAll(async () => w.close());

const db = () => w.db;

/** The scan settled as failed with this code: no test of any kind, photos gone, nothing for the candidate to confirm. */
async function refused(u: FixtureUser, files: Buffer[], code: string, sim = w.simId) {
  const testsBefore = await db().one<{ n: number }>('select count(*)::int as n from tests where user_id = $1', [u.id]);
  const res = await upload(w.app, u, files.map((content) => ({ content })), sim);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const scan = await settled(w.api, u, res.body.scan.id);
  expect([scan.status, scan.error_code, scan.test_id, scan.rows]).toEqual(['failed', code, null, null]);
  const testsAfter = await db().one<{ n: number }>('select count(*)::int as n from tests where user_id = $1', [u.id]);
  expect(testsAfter!.n).toBe(testsBefore!.n);
  expect(await db().one('select 1 from scan_images where scan_id = $1', [scan.id])).toBeUndefined();
  // Nothing left to confirm into a grade either.
  const confirm = await w.api(u, 'POST', `/scans/${scan.id}/confirm`, { decisions: [] });
  expect(confirm.status).toBe(409);
  return scan;
}

describe('the sheet in the photo must be the uploader’s own sheet of this simulation', { timeout: READING_TIMEOUT_MS }, () => {
  it('another candidate’s sheet (same simulation) is refused, and the text leaks nothing of them', async () => {
    const sheetB = await sheetIdOf(w, B, w.simId);
    await sheetIdOf(w, A, w.simId);
    const scan = await refused(A, [await photo(sheetB, rightMarks([1, 2, 3, 61, 62]), { seed: 41, clean: true })], 'FORM_SCAN_WRONG_SHEET_CANDIDATE');
    const text = messageFor(scan.error_code!);
    expect(text).toContain('aparține altui candidat');
    const note = await db().one<{ title: string; message: string }>(
      `select title, message from notifications where user_id = $1 and type = 'scan' order by id desc limit 1`,
      [A.id],
    );
    expect(note).toEqual({ title: 'Foaia de răspuns a fost refuzată', message: text });
    for (const leak of ['Bogdan', 'Vecinul', sheetB]) expect(JSON.stringify(scan) + note!.message).not.toContain(leak);
    // B's own sheet was not touched: no scan of it exists.
    expect(await db().one('select 1 from scans where sheet_id = $1', [sheetB])).toBeUndefined();
  });

  it('another candidate’s blank sheet is refused as theirs, not as a sheet with no answers (issue 32 §3)', async () => {
    // The QR code is read before the marks: a sheet nobody filled in still says whose it is.
    // A candidate of its own: A's uploads in this file would pass the 10 a minute that a fast run
    // reaches (SCAN_UPLOAD_RATE; the file failed with 429 on a quiet machine, passed on a loaded one).
    const D = await makeUser(db(), { name: 'Dana Grăbită' });
    const sheetB = await sheetIdOf(w, B, w.simId);
    await refused(D, [await photo(sheetB, [], { seed: 42, clean: true })], 'FORM_SCAN_WRONG_SHEET_CANDIDATE');
    const ownOther = await sheetIdOf(w, D, otherSim);
    await refused(D, [await photo(ownOther, [], { seed: 44, clean: true })], 'FORM_SCAN_WRONG_SHEET_SIMULATION');
    // The candidate's own blank sheet still says that nothing was marked.
    await refused(D, [await photo(await sheetIdOf(w, D, w.simId), [], { seed: 46, clean: true })], 'FORM_SCAN_MISSING_RESPONSES');
  });

  it('another candidate’s sheet of another simulation is still “another candidate”', async () => {
    const sheetBOther = await sheetIdOf(w, B, otherSim);
    await refused(A, [await photo(sheetBOther, rightMarks([1, 61]), { seed: 43, clean: true })], 'FORM_SCAN_WRONG_SHEET_CANDIDATE');
  });

  it('the candidate’s own sheet of another simulation is refused as “another simulation”', async () => {
    const own = await sheetIdOf(w, A, otherSim);
    const scan = await refused(A, [await photo(own, rightMarks([1, 2, 61]), { seed: 45, clean: true })], 'FORM_SCAN_WRONG_SHEET_SIMULATION');
    expect(messageFor(scan.error_code!)).toContain('aparține altei simulări');
    // Nor was it graded as an attempt at the other simulation.
    expect(await db().one(`select 1 from tests where user_id = $1 and simulation_id = $2`, [A.id, otherSim])).toBeUndefined();
  });

  it('a sheet whose QR code cannot be read, or names no sheet, is refused as unidentified, never assumed', async () => {
    const own = await sheetIdOf(w, A, w.simId);
    await refused(A, [await photo(own, rightMarks([1, 2, 61]), { seed: 47, clean: true, hideQr: true })], 'FORM_SCAN_SHEET_UNIDENTIFIED');
    await refused(A, [await photo('https://exemplu.ro/nu-e-o-foaie', rightMarks([1, 61]), { seed: 49, clean: true })], 'FORM_SCAN_SHEET_UNIDENTIFIED');
    await refused(A, [await photo('6b1f0e2a-93c4-4d7e-8f10-2a3b4c5d6e7f', rightMarks([1, 61]), { seed: 51, clean: true })], 'FORM_SCAN_SHEET_UNIDENTIFIED');
  });

  it('one wrong sheet among the candidate’s own photos refuses the whole upload', async () => {
    const own = await sheetIdOf(w, A, w.simId);
    const sheetB = await sheetIdOf(w, B, w.simId);
    const marks = rightMarks([1, 2, 3, 61]);
    await refused(
      A,
      [await photo(own, marks, { seed: 53, clean: true }), await photo(sheetB, marks, { seed: 54, clean: true })],
      'FORM_SCAN_WRONG_SHEET_CANDIDATE',
    );
  });

  it('a photo without a readable code beside one of the own sheet is left out; the own sheet is graded', async () => {
    const own = await sheetIdOf(w, A, w.simId);
    // The covered photo carries extra marks on row 70: were it read, row 70 would be answered.
    const res = await upload(
      w.app,
      A,
      [
        { content: await photo(own, rightMarks([1, 2, 61]), { seed: 55, clean: true }) },
        { content: await photo(own, rightMarks([1, 2, 61, 70]), { seed: 56, clean: true, hideQr: true }) },
      ],
      w.simId,
    );
    expect(res.status).toBe(202);
    const scan = await settled(w.api, A, res.body.scan.id);
    expect(scan.status, String(scan.error_code)).toBe('graded');
    const answered = await db().query<{ position: number }>(
      `select sg.position from answers a join simulation_grids sg on sg.grid_id = a.grid_id and sg.simulation_id = $2
        where a.test_id = $1 order by sg.position`,
      [scan.test_id, w.simId],
    );
    expect(answered.map((r) => r.position)).toEqual([1, 2, 61]);
  });
});

describe('a refused scan', () => {
  it('is failed and loses its photos in one step: a reader never sees it failed with the photos kept', async () => {
    const C = await makeUser(db(), { name: 'Cezar Atomic' });
    const sheet = (await sheetById(db(), await sheetIdOf(w, C, w.simId)))!;
    const id = randomUUID();
    // A scan the queue never heard of (no job), taken as the worker takes it.
    expect(await insertScan(db(), id, sheet, [Buffer.from('poza')])).toBe(true);
    expect(await claimScan(db(), id)).toBeDefined();
    // The photos' delete fails: the scan must stay as it was, not be failed with its photos kept.
    await db().query(`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'nu'; end $$`);
    await db().query(`create trigger refuse_delete before delete on scan_images for each row execute function refuse_delete()`);
    try {
      await expect(failScan(db(), id, 'FORM_SCAN_SHEET_UNIDENTIFIED')).rejects.toThrow();
      expect(await db().one('select status, error_code from scans where id = $1', [id])).toEqual({ status: 'processing', error_code: null });
    } finally {
      await db().query('drop trigger refuse_delete on scan_images');
      await db().query('drop function refuse_delete()');
    }
    await failScan(db(), id, 'FORM_SCAN_SHEET_UNIDENTIFIED');
    expect(await db().one('select status, error_code from scans where id = $1', [id])).toEqual({
      status: 'failed',
      error_code: 'FORM_SCAN_SHEET_UNIDENTIFIED',
    });
    expect(await db().one('select 1 from scan_images where scan_id = $1', [id])).toBeUndefined();
  });
});

describe('uploadVerdict', () => {
  it('another candidate before another simulation before unidentified; unreadable codes beside the own sheet are left out', () => {
    expect(uploadVerdict(['own', 'FORM_SCAN_WRONG_SHEET_SIMULATION', 'FORM_SCAN_WRONG_SHEET_CANDIDATE'])).toBe('FORM_SCAN_WRONG_SHEET_CANDIDATE');
    expect(uploadVerdict(['FORM_SCAN_SHEET_UNIDENTIFIED', 'FORM_SCAN_WRONG_SHEET_SIMULATION'])).toBe('FORM_SCAN_WRONG_SHEET_SIMULATION');
    expect(uploadVerdict(['FORM_SCAN_SHEET_UNIDENTIFIED', 'own'])).toBe('own');
    expect(uploadVerdict(['FORM_SCAN_SHEET_UNIDENTIFIED'])).toBe('FORM_SCAN_SHEET_UNIDENTIFIED');
  });
});
