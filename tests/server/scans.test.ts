// Paper answer sheets (issue 9 §3) through the API with the real queue (pg-boss on this database)
// and the real reader (OpenCV worker pool): print, upload synthetic photos with known marks, the
// worker's reading, the review of uncertain rows, grading into a 'paper' simulation test, and
// every scan code (auth first, too large, too many, unreadable, no marks, no responses, already
// processing, more grids than the paper, variant, premium).
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { firstError, type Api } from './groups-fixture.ts';
import { multipart, photo as photoOf, READING_TIMEOUT_MS, rightMarks, scanWorld, settled as settledOf, upload as uploadTo, type ScanWorld } from './scans-fixture.ts';
import { degrade, renderSyntheticSheet, type SyntheticMark } from '../../server/modules/scans/omr/synthetic.ts';
import { sheetLayout } from '../../server/modules/scans/omr/sheet-layout.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import { sheetCodeLabel } from '../../src/shared/sheet-code.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';

let w: ScanWorld;
let app: FastifyInstance;
let db: Db;
let api: ScanWorld['api'];
let admin: FixtureUser, A: FixtureUser, B: FixtureUser;
let simId: string;

beforeAll(async () => {
  w = await scanWorld();
  ({ app, db, api, admin, simId } = w);
  A = await makeUser(db, { name: 'Ana Hârtie' });
  B = await makeUser(db, { name: 'Bogdan Foaie' });
}, 300_000);
afterAll(async () => w.close());

const upload = (u: FixtureUser | null, files: { content: Buffer; type?: string }[], sim = simId): Promise<Api> => uploadTo(app, u, files, sim);
const settled = (u: FixtureUser, scanId: string) => settledOf(api, u, scanId);
const photo = (id: string, marks: SyntheticMark[], questionCount = 90, seed = 7, clean = false) => photoOf(id, marks, { questionCount, seed, clean });

async function sheetId(u: FixtureUser): Promise<string> {
  const row = await db.one<{ id: string }>('select id from scan_sheets where user_id = $1 and simulation_id = $2', [u.id, simId]);
  return row!.id;
}

describe('the printed sheet', () => {
  it('authenticates first and prints one sheet per candidate and paper', async () => {
    expect((await app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf` })).statusCode).toBe(401);
    expect((await upload(null, [{ content: Buffer.from('x') }])).status).toBe(401);
    const first = await app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf`, headers: A.auth });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const id = await sheetId(A);
    await app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf`, headers: A.auth });
    expect(await sheetId(A)).toBe(id);
    const count = await db.one<{ n: number }>('select count(*)::int as n, max(question_count) as q from scan_sheets where user_id = $1', [A.id]);
    expect(count!.n).toBe(1);
    const missing = await app.inject({ method: 'GET', url: `/api/v1/simulations/${randomUUID()}/sheet.pdf`, headers: A.auth });
    expect(missing.statusCode).toBe(404);
  });

  it('prints a short code for people, the same the sheet’s page gets; the UUID only in the QR code (issue 32 §3)', async () => {
    const C = await makeUser(db, { name: 'Codruța Scurtu' });
    const before = await api(C, 'GET', `/simulations/${simId}/scans`);
    expect(before.body).toEqual({ sheet: null, scans: [] });
    const pdf = await app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf`, headers: C.auth });
    const id = await sheetId(C);
    const text = (await new PDFParse({ data: new Uint8Array(pdf.rawPayload) }).getText()).text;
    const printed = /Foaia nr\. (\S+) · (\d+) de întrebări/.exec(text);
    expect(printed, text.slice(0, 300)).not.toBeNull();
    expect(printed![1]).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(printed![1]).toBe(sheetCodeLabel(id));
    expect(text).not.toContain(id);
    // The sheet's page shows the same code.
    const after = await api(C, 'GET', `/simulations/${simId}/scans`);
    expect(after.body).toEqual({ sheet: { code: printed![1], question_count: Number(printed![2]) }, scans: [] });
  });

  it('refuses a premium paper to a free account and a variant the centre no longer allows', async () => {
    const prem = await api(admin, 'POST', '/admin/simulations', {
      title: 'Premium pe hârtie', kind: 'centre', profile_slug: 'timisoara', variant: ['biologie', 'chimie'], publish: true, is_premium: true,
    });
    expect(prem.status, JSON.stringify(prem.body)).toBe(201);
    const r = await app.inject({ method: 'GET', url: `/api/v1/simulations/${prem.body.simulation.id}/sheet.pdf`, headers: B.auth });
    expect([r.statusCode, Object.values(r.json().errors as Record<string, string[]>)[0]![0]]).toEqual([403, 'FORM_PREMIUM_CONTENT_ONLY']);
    const other = await api(admin, 'POST', '/admin/simulations', {
      title: 'Variantă scoasă', kind: 'centre', profile_slug: 'timisoara', variant: ['biologie', 'chimie'], publish: true,
    });
    expect(other.status).toBe(201);
    const saved = await db.one<{ profile: Record<string, unknown> }>(`select profile from scoring_profiles where slug = 'timisoara'`);
    await db.query(`update scoring_profiles set profile = jsonb_set(profile, '{subject_variants}', '[["biologie","fizica"]]') where slug = 'timisoara'`);
    try {
      const r = await app.inject({ method: 'GET', url: `/api/v1/simulations/${other.body.simulation.id}/sheet.pdf`, headers: B.auth });
      expect([r.statusCode, Object.values(r.json().errors as Record<string, string[]>)[0]![0]]).toEqual([422, 'FORM_SCAN_VARIANT_INVALID']);
    } finally {
      await db.query(`update scoring_profiles set profile = $1::jsonb where slug = 'timisoara'`, [JSON.stringify(saved!.profile)]);
    }
  });
});

describe('uploads are checked on their bytes before anything is queued', () => {
  it('no file, not an image, too many, too large', async () => {
    const none = await upload(A, []);
    expect([none.status, firstError(none)]).toEqual([422, 'FIELD_REQUIRED']);
    const text = await upload(A, [{ content: Buffer.from('nu este o imagine'), type: 'image/jpeg' }]);
    expect([text.status, firstError(text)]).toEqual([422, 'FORM_SCAN_IMAGE_UNREADABLE']);
    const tiny = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } }).png().toBuffer();
    const five = await upload(A, Array.from({ length: 5 }, () => ({ content: tiny, type: 'image/png' })));
    expect([five.status, firstError(five)]).toEqual([422, 'FORM_SCAN_TOO_MANY_IMAGES']);
    const big = await upload(A, [{ content: Buffer.alloc(20 * 1024 * 1024 + 10, 0xff) }]);
    expect([big.status, firstError(big)]).toEqual([413, 'FORM_SCAN_IMAGE_TOO_LARGE']);
    const queued = await db.one<{ n: number }>('select count(*)::int as n from scans');
    expect(queued!.n).toBe(0);
  });
});

describe('reading and grading', { timeout: READING_TIMEOUT_MS }, () => {
  it('a clear sheet is graded at once into a paper attempt of the simulation', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1).concat([61, 62, 63]);
    const wrong: SyntheticMark[] = [{ n: 70, option: 'D', kind: 'pen' }];
    const marks = [...rightMarks(rows), ...wrong];
    const res = await upload(A, [{ content: await photo(await sheetId(A), marks, 90, 7, true) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.success).toBe('SCAN_QUEUED');
    let scan = await settled(A, res.body.scan.id);
    if (scan.status === 'review') {
      // The reader's margins are conservative since issue 22: on this clean synthetic photo one row
      // is sometimes left uncertain (2 of 4 runs, depending on the sheet's random QR). Only one,
      // and the candidate's decision — what was printed — grades it like the rest. Never none: a
      // sheet with nothing uncertain is graded in the transaction that stores its reading.
      const unsure = scan.rows!.filter((r) => r.uncertain.length > 0);
      expect(unsure.length).toBe(1);
      const printed = (n: number) => marks.filter((m) => m.n === n).map((m) => m.option);
      const ok = await api(A, 'POST', `/scans/${scan.id}/confirm`, { decisions: unsure.map((r) => ({ n: r.n, marked: printed(r.n) })) });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      scan = ok.body.scan;
    }
    expect(scan.status, JSON.stringify(scan.error_code)).toBe('graded');
    const test = await db.one<{ kind: string; source: string; status: string; simulation_id: string; answered: number; right: number }>(
      `select t.kind, t.source, t.status, t.simulation_id,
              (select count(*)::int from answers a where a.test_id = t.id) as answered,
              (select count(*)::int from answers a where a.test_id = t.id and a.outcome = 'right') as right
         from tests t where t.id = $1`,
      [scan.test_id],
    );
    expect(test).toEqual({ kind: 'simulation', source: 'paper', status: 'finished', simulation_id: simId, answered: 49, right: 48 });
    const result = await api(A, 'GET', `/tests/${scan.test_id}/simulation`);
    expect(result.status).toBe(200);
    const notes = await db.query<{ title: string; link: string }>(`select title, link from notifications where user_id = $1 and type = 'scan'`, [A.id]);
    expect(notes.map((n) => n.link)).toContain(`/teste/${scan.test_id}/rezultate`);
    expect(await db.one('select 1 from scan_images where scan_id = $1', [scan.id])).toBeUndefined();
  });

  it('faint marks go to review; the candidate decides them, once', async () => {
    const id = await sheetId(A);
    // Three faint B marks: the reader may take a heavy one as marked, the faint ones come back to review.
    const light = [62, 63, 64].map((n) => ({ n, option: 'B' as const, kind: 'light' as const }));
    const marks = [...rightMarks([1, 2, 3, 61]), ...light];
    const res = await upload(A, [{ content: await photo(id, marks, 90, 11) }]);
    expect(res.status).toBe(202);
    const scan = await settled(A, res.body.scan.id);
    expect(scan.status).toBe('review');
    const unsure = scan.rows!.filter((r) => r.uncertain.length);
    expect(unsure.length).toBeGreaterThan(0);
    expect(unsure.every((r) => [62, 63, 64].includes(r.n) && r.uncertain.includes('B'))).toBe(true);
    expect(unsure.every((r) => r.crop?.startsWith('data:image/jpeg;base64,'))).toBe(true);
    // Another upload meanwhile: the sheet is still in the works.
    const again = await upload(A, [{ content: await photo(id, marks, 90, 12) }]);
    expect([again.status, firstError(again)]).toEqual([409, 'FORM_SCAN_ALREADY_PROCESSING']);
    // Someone else's scan does not exist for B.
    expect((await api(B, 'GET', `/scans/${scan.id}`)).status).toBe(404);
    const incomplete = await api(A, 'POST', `/scans/${scan.id}/confirm`, { decisions: [] });
    expect([incomplete.status, firstError(incomplete)]).toEqual([422, 'FORM_SCAN_REVIEW_INCOMPLETE']);
    const decisions = unsure.map((r) => ({ n: r.n, marked: ['B'] }));
    const decided = unsure[0]!.n;
    const reviewNote = () =>
      db.one<{ read: boolean }>(
        `select read_at is not null as read from notifications
          where user_id = $1 and type = 'scan' and title = 'Foaia de răspuns a fost citită' order by id desc limit 1`,
        [A.id],
      );
    expect(await reviewNote()).toEqual({ read: false });
    const ok = await api(A, 'POST', `/scans/${scan.id}/confirm`, { decisions });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.scan.status).toBe('graded');
    // Done what it asked: the review notice no longer waits in the feed as unread (issue 23 §4).
    expect(await reviewNote()).toEqual({ read: true });
    const unread = await api(A, 'GET', '/notifications');
    expect(unread.body.notifications.filter((n: { title: string; read: boolean }) => n.title === 'Foaia de răspuns a fost citită' && !n.read)).toEqual([]);
    const answer = await db.one<{ marked: string[]; outcome: string }>(
      `select a.marked, a.outcome from answers a join simulation_grids sg on sg.grid_id = a.grid_id and sg.simulation_id = $2
        where a.test_id = $1 and sg.position = $3`,
      [ok.body.scan.test_id, simId, decided],
    );
    expect(answer).toEqual({ marked: ['B'], outcome: 'right' });
    const twice = await api(A, 'POST', `/scans/${scan.id}/confirm`, { decisions });
    expect([twice.status, firstError(twice)]).toEqual([409, 'FORM_SCAN_NOT_IN_REVIEW']);
  });

  it('an empty sheet, a photo without the sheet, and marks beyond the paper fail with their codes', async () => {
    await app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf`, headers: B.auth });
    const idB = await sheetId(B);
    const empty = await settled(B, (await upload(B, [{ content: await photo(idB, [], 90, 21) }])).body.scan.id);
    expect([empty.status, empty.error_code]).toEqual(['failed', 'FORM_SCAN_MISSING_RESPONSES']);
    const noise = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#b9a27c' } }).jpeg().toBuffer();
    const none = await settled(B, (await upload(B, [{ content: noise }])).body.scan.id);
    expect([none.status, none.error_code]).toEqual(['failed', 'FORM_SCAN_NO_MARKS']);
    // D's own 120-row sheet of this paper (printed before the paper lost grids) marked past row 90.
    const D = await makeUser(db, { name: 'Dan Rânduri' });
    const wide = randomUUID();
    await db.query('insert into scan_sheets (id, user_id, simulation_id, question_count) values ($1, $2, $3, 120)', [wide, D.id, simId]);
    const beyond = await settled(D, (await upload(D, [{ content: await photo(wide, rightMarks([1, 2, 100, 110]), 120, 23) }])).body.scan.id);
    expect([beyond.status, beyond.error_code]).toEqual(['failed', 'FORM_SCAN_TOO_MANY_GRIDS']);
  });

  it('a sheet whose grid cannot be found over many rows fails as folded, with what to do', async () => {
    const idB = await sheetId(B);
    const meta = { sheetId: idB, questionCount: 90, productName: 'Grilio', title: 'Simulare pe hârtie', centreName: 'Timișoara', candidateName: 'Bogdan' };
    const sheet = await renderSyntheticSheet(meta, rightMarks([1, 2, 3, 61, 62]), 1700, 25);
    // The first column (rows 1–30) blurred past recognition, as a deep crease or a lifted half does.
    const L = sheetLayout(90);
    const [a, b] = [L.questions[0].row, L.questions[29].row];
    const s = 1700 / L.width;
    const box = { left: Math.round(a.x * s), top: Math.round(a.y * s), width: Math.round(a.w * s), height: Math.round((b.y + b.h - a.y) * s) };
    const patch = await sharp(sheet).extract(box).blur(8).toBuffer();
    const folded = await sharp(sheet).composite([{ input: patch, left: box.left, top: box.top }]).png().toBuffer();
    const foldedPhoto = await degrade(folded, { seed: 25, width: 2000, height: 2600, rotation: 2, perspective: 0.02, blur: 0.4, noise: 2, jpegQuality: 88 });
    const scan = await settled(B, (await upload(B, [{ content: foldedPhoto }])).body.scan.id);
    expect([scan.status, scan.error_code]).toEqual(['failed', 'FORM_SCAN_SHEET_FOLDED']);
    expect(messageFor(scan.error_code!)).toBe('Foaia pare îndoită: întinde-o pe o suprafață plată și fotografiaz-o din nou.');
  });
});

describe('several processes', { timeout: READING_TIMEOUT_MS }, () => {
  it('a scan uploaded to a process that does not read is read by one that does (the queue is in the database)', async () => {
    const front = await buildTestApp(db, { SCAN_WORKER: 'false', JOBS_SCHEMA: w.jobsSchema });
    try {
      const C = await makeUser(db, { name: 'Cezar Coadă' });
      const print = await front.app.inject({ method: 'GET', url: `/api/v1/simulations/${simId}/sheet.pdf`, headers: C.auth });
      expect(print.statusCode).toBe(200);
      const sheet = await db.one<{ id: string }>('select id from scan_sheets where user_id = $1', [C.id]);
      const body = multipart([{ content: await photo(sheet!.id, rightMarks([1, 61]), 90, 31, true) }]);
      const res = await front.app.inject({
        method: 'POST',
        url: `/api/v1/simulations/${simId}/scans`,
        headers: { ...C.auth, ...body.headers },
        payload: body.payload,
      });
      expect(res.statusCode).toBe(202);
      // Read by `app` (the reading process: front has no reader), seen through either.
      const scan = await settled(C, res.json().scan.id);
      expect(['review', 'graded']).toContain(scan.status);
      expect(scan.read_at).toBeTruthy();
      expect(scan.rows!.find((r) => r.n === 61)!.marked).toEqual(['B']);
      const seen = await front.app.inject({ method: 'GET', url: `/api/v1/scans/${scan.id}`, headers: C.auth });
      expect(seen.json().scan.status).toBe(scan.status);
    } finally {
      await front.app.close();
    }
  });
});
