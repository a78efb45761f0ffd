// Paper answer sheets (issue 9 §3) through the API with the real queue (pg-boss on this database)
// and the real reader (OpenCV worker pool): print, upload synthetic photos with known marks, the
// worker's reading, the review of uncertain rows, grading into a 'paper' simulation test, and
// every scan code (auth first, too large, too many, unreadable, no marks, no responses, already
// processing, more grids than the paper, variant, premium).
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, openTestDb } from './helpers.ts';
import { makeChapter, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call, firstError, type Api } from './groups-fixture.ts';
import type { ScanPayload } from '../../src/shared/scan-schema.ts';
import { degrade, renderSyntheticSheet, type SyntheticMark } from '../../server/modules/scans/omr/synthetic.ts';
import type { SheetOption } from '../../server/modules/scans/omr/types.ts';
import { sheetLayout } from '../../server/modules/scans/omr/sheet-layout.ts';
import { messageFor } from '../../src/shared/messages.ro.ts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let api: ReturnType<typeof call>;
let admin: FixtureUser, A: FixtureUser, B: FixtureUser;
let simId: string;
const jobsSchema = `jobs_${randomBytes(4).toString('hex')}`;

async function manual(subject: string): Promise<number> {
  const m = await db.one<{ id: number }>(`insert into manuals (slug, title, subject) values ($1, $1, $2) returning id`, [
    `m-${randomUUID().slice(0, 8)}`,
    subject,
  ]);
  return m!.id;
}

beforeAll(async () => {
  const opened = await openTestDb();
  db = opened.db;
  ({ app } = await buildTestApp(db, { SCAN_WORKER: 'true', SCAN_THREADS: '1', JOBS_SCHEMA: jobsSchema }));
  close = async () => {
    await app.close();
    if (db.kind === 'postgres') await db.exec(`drop schema if exists ${jobsSchema} cascade`);
    await opened.close();
  };
  api = call(app);
  // Timișoara: Q1–60 CM biology (key A,C), Q61–90 CS chemistry (key B).
  await makeGrids(db, await makeChapter(db, await manual('biologie'), 'Sistemul nervos', 1), repeat(60, { type: 'CM' as const }));
  await makeGrids(db, await makeChapter(db, await manual('chimie'), 'Alcooli', 1), repeat(30, { type: 'CS' as const }));
  admin = await makeUser(db, { name: 'Admin Foi', admin: true });
  A = await makeUser(db, { name: 'Ana Hârtie' });
  B = await makeUser(db, { name: 'Bogdan Foaie' });
  const r = await api(admin, 'POST', '/admin/simulations', {
    title: 'Simulare pe hârtie',
    kind: 'centre',
    profile_slug: 'timisoara',
    variant: ['biologie', 'chimie'],
    publish: true,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  simId = r.body.simulation.id;
}, 120_000);
afterAll(async () => close());

function multipart(files: { content: Buffer; type?: string; name?: string }[]) {
  const boundary = '----grilioScanBoundary';
  const parts = files.flatMap((f, i) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.name ?? `foaie-${i}.jpg`}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`,
    ),
    f.content,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(u: FixtureUser | null, files: { content: Buffer; type?: string }[], sim = simId) {
  const body = multipart(files);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/simulations/${sim}/scans`,
    headers: { ...(u ? u.auth : {}), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Api['body'] };
}

async function sheetId(u: FixtureUser): Promise<string> {
  const row = await db.one<{ id: string }>('select id from scan_sheets where user_id = $1 and simulation_id = $2', [u.id, simId]);
  return row!.id;
}

/** A phone photo of u's sheet with these marks, tilted, under uneven light (`clean`: a flat scan-like photo), JPEG. */
async function photo(id: string, marks: SyntheticMark[], questionCount = 90, seed = 7, clean = false): Promise<Buffer> {
  const meta = { sheetId: id, questionCount, productName: 'Grilio', title: 'Simulare pe hârtie', centreName: 'Timișoara', candidateName: 'Ana' };
  const sheet = await renderSyntheticSheet(meta, marks, 1700, seed);
  if (clean) return degrade(sheet, { seed, width: 2000, height: 2600, rotation: 1, perspective: 0.01, blur: 0.3, noise: 1, jpegQuality: 92 });
  return degrade(sheet, { seed, width: 2000, height: 2600, rotation: 3, perspective: 0.03, blur: 0.6, gradient: 0.2, noise: 3, jpegQuality: 85 });
}

/** Waits for the worker (the queue polls every second): the scan once it left queued/processing. */
async function settled(u: FixtureUser, scanId: string): Promise<ScanPayload> {
  for (let i = 0; i < 600; i++) {
    const r = await api(u, 'GET', `/scans/${scanId}`);
    expect(r.status).toBe(200);
    if (!['queued', 'processing'].includes(r.body.scan.status)) return r.body.scan as ScanPayload;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`scan ${scanId} still in the works after 120 s`);
}

/** The right answers of the Timișoara paper: CM rows A,C; CS rows B. */
const rightMarks = (rows: number[]): SyntheticMark[] =>
  rows.flatMap((n) => (n <= 60 ? (['A', 'C'] as SheetOption[]) : (['B'] as SheetOption[])).map((option) => ({ n, option, kind: 'pen' as const })));

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

describe('reading and grading', () => {
  it('a clear sheet is graded at once into a paper attempt of the simulation', async () => {
    const rows = Array.from({ length: 45 }, (_, i) => i + 1).concat([61, 62, 63]);
    const wrong: SyntheticMark[] = [{ n: 70, option: 'D', kind: 'pen' }];
    const res = await upload(A, [{ content: await photo(await sheetId(A), [...rightMarks(rows), ...wrong], 90, 7, true) }]);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body.success).toBe('SCAN_QUEUED');
    const scan = await settled(A, res.body.scan.id);
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
    const ok = await api(A, 'POST', `/scans/${scan.id}/confirm`, { decisions });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.scan.status).toBe('graded');
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
    // A 120-row sheet (its QR names it) with marks past row 90 of this 90-grid paper.
    const wide = randomUUID();
    const other = await api(admin, 'POST', '/admin/simulations', {
      title: 'Alt caiet', kind: 'centre', profile_slug: 'timisoara', variant: ['biologie', 'chimie'], publish: true,
    });
    await db.query('insert into scan_sheets (id, user_id, simulation_id, question_count) values ($1, $2, $3, 120)', [wide, B.id, other.body.simulation.id]);
    const beyond = await settled(B, (await upload(B, [{ content: await photo(wide, rightMarks([1, 2, 100, 110]), 120, 23) }])).body.scan.id);
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
    const photoOf = await degrade(folded, { seed: 25, width: 2000, height: 2600, rotation: 2, perspective: 0.02, blur: 0.4, noise: 2, jpegQuality: 88 });
    const scan = await settled(B, (await upload(B, [{ content: photoOf }])).body.scan.id);
    expect([scan.status, scan.error_code]).toEqual(['failed', 'FORM_SCAN_SHEET_FOLDED']);
    expect(messageFor(scan.error_code!)).toBe('Foaia pare îndoită: întinde-o pe o suprafață plată și fotografiaz-o din nou.');
  });
});

describe('several processes', () => {
  it('a scan uploaded to a process that does not read is read by one that does (the queue is in the database)', async () => {
    const front = await buildTestApp(db, { SCAN_WORKER: 'false', JOBS_SCHEMA: jobsSchema });
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
