// Paper answer sheets fixture: an app with the real queue (pg-boss on this database, its own
// schema) and the real reader, the Timișoara paper (Q1–60 CM biology keyed A,C; Q61–90 CS
// chemistry keyed B), multipart uploads and synthetic phone photos of a sheet with known marks.
import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/db.ts';
import { buildTestApp, openTestDb } from './helpers.ts';
import { makeChapter, makeGrids, makeUser, repeat, type FixtureUser } from './learning-fixture.ts';
import { call, type Api } from './groups-fixture.ts';
import type { ScanPayload } from '../../src/shared/scan-schema.ts';
import { degrade, renderSyntheticSheet, type SyntheticMark } from '../../server/modules/scans/omr/synthetic.ts';
import { sheetLayout } from '../../server/modules/scans/omr/sheet-layout.ts';
import type { SheetOption } from '../../server/modules/scans/omr/types.ts';

async function manual(db: Db, subject: string): Promise<number> {
  const m = await db.one<{ id: number }>(`insert into manuals (slug, title, subject) values ($1, $1, $2) returning id`, [
    `m-${randomUUID().slice(0, 8)}`,
    subject,
  ]);
  return m!.id;
}

export type ScanWorld = {
  app: FastifyInstance;
  db: Db;
  api: ReturnType<typeof call>;
  admin: FixtureUser;
  simId: string;
  /** The pg-boss schema of this world's queue (another process joins it). */
  jobsSchema: string;
  close: () => Promise<void>;
  /** A published Timișoara paper of the admin's, like the world's own one. */
  newSimulation: (title: string, extra?: Record<string, unknown>) => Promise<string>;
};

export async function scanWorld(): Promise<ScanWorld> {
  const opened = await openTestDb();
  const db = opened.db;
  const jobsSchema = `jobs_${randomBytes(4).toString('hex')}`;
  const { app } = await buildTestApp(db, { SCAN_WORKER: 'true', SCAN_THREADS: '1', JOBS_SCHEMA: jobsSchema });
  const api = call(app);
  await makeGrids(db, await makeChapter(db, await manual(db, 'biologie'), 'Sistemul nervos', 1), repeat(60, { type: 'CM' as const }));
  await makeGrids(db, await makeChapter(db, await manual(db, 'chimie'), 'Alcooli', 1), repeat(30, { type: 'CS' as const }));
  const admin = await makeUser(db, { name: 'Admin Foi', admin: true });
  const newSimulation = async (title: string, extra: Record<string, unknown> = {}) => {
    const r = await api(admin, 'POST', '/admin/simulations', {
      title,
      kind: 'centre',
      profile_slug: 'timisoara',
      variant: ['biologie', 'chimie'],
      publish: true,
      ...extra,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return r.body.simulation.id as string;
  };
  const simId = await newSimulation('Simulare pe hârtie');
  return {
    app,
    db,
    api,
    admin,
    simId,
    jobsSchema,
    newSimulation,
    close: async () => {
      await app.close();
      if (db.kind === 'postgres') await db.exec(`drop schema if exists ${jobsSchema} cascade`);
      await opened.close();
    },
  };
}

export function multipart(files: { content: Buffer; type?: string; name?: string }[]) {
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

export async function upload(app: FastifyInstance, u: FixtureUser | null, files: { content: Buffer; type?: string }[], sim: string): Promise<Api> {
  const body = multipart(files);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/simulations/${sim}/scans`,
    headers: { ...(u ? u.auth : {}), ...body.headers },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() as Api['body'] };
}

/** The candidate's sheet of a simulation, printed first if need be. */
export async function sheetIdOf(w: Pick<ScanWorld, 'app' | 'db'>, u: FixtureUser, sim: string): Promise<string> {
  const print = await w.app.inject({ method: 'GET', url: `/api/v1/simulations/${sim}/sheet.pdf`, headers: u.auth });
  expect(print.statusCode, print.body.slice(0, 200)).toBe(200);
  const row = await w.db.one<{ id: string }>('select id from scan_sheets where user_id = $1 and simulation_id = $2', [u.id, sim]);
  return row!.id;
}

export type PhotoOptions = { questionCount?: number; seed?: number; clean?: boolean; hideQr?: boolean };

/**
 * A phone photo of a sheet whose QR code says `qrText`, with these marks, tilted, under uneven light
 * (`clean`: a flat scan-like photo; `hideQr`: the code covered by a white label), JPEG.
 */
export async function photo(qrText: string, marks: SyntheticMark[], o: PhotoOptions = {}): Promise<Buffer> {
  const { questionCount = 90, seed = 7, clean = false, hideQr = false } = o;
  const meta = { sheetId: qrText, questionCount, productName: 'Grilio', title: 'Simulare pe hârtie', centreName: 'Timișoara', candidateName: 'Ana' };
  const width = 1700;
  let sheet = await renderSyntheticSheet(meta, marks, width, seed);
  if (hideQr) {
    const k = width / sheetLayout(questionCount).width;
    const q = sheetLayout(questionCount).qr;
    const label = await sharp({ create: { width: Math.ceil(q.w * k), height: Math.ceil(q.h * k), channels: 3, background: '#ffffff' } }).png().toBuffer();
    sheet = await sharp(sheet).composite([{ input: label, left: Math.floor(q.x * k), top: Math.floor(q.y * k) }]).png().toBuffer();
  }
  if (clean) return degrade(sheet, { seed, width: 2000, height: 2600, rotation: 1, perspective: 0.01, blur: 0.3, noise: 1, jpegQuality: 92 });
  return degrade(sheet, { seed, width: 2000, height: 2600, rotation: 3, perspective: 0.03, blur: 0.6, gradient: 0.2, noise: 3, jpegQuality: 85 });
}

/** A test that waits for photos to be read: as long as `settled` may wait, and some. How fast a
 *  photo is read is a benchmark's question (npm run bench), not a test's: with CI's lanes on
 *  both cores a reading takes several times its quiet-machine time. */
export const READING_TIMEOUT_MS = 300_000;

/** Waits for the worker (the queue polls every second): the scan once it left queued/processing. */
export async function settled(api: ReturnType<typeof call>, u: FixtureUser, scanId: string): Promise<ScanPayload> {
  for (let i = 0; i < 1400; i++) {
    const r = await api(u, 'GET', `/scans/${scanId}`);
    expect(r.status).toBe(200);
    if (!['queued', 'processing'].includes(r.body.scan.status)) return r.body.scan as ScanPayload;
    await new Promise((res) => setTimeout(res, 200));
  }
  throw new Error(`scan ${scanId} still in the works after 280 s`);
}

/** The right answers of the Timișoara paper: CM rows A,C; CS rows B. */
export const rightMarks = (rows: number[]): SyntheticMark[] =>
  rows.flatMap((n) => (n <= 60 ? (['A', 'C'] as SheetOption[]) : (['B'] as SheetOption[])).map((option) => ({ n, option, kind: 'pen' as const })));
