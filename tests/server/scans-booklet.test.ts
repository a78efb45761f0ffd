// The question booklet of a paper simulation (issue 22): the paper's grids in exam order with
// options A–E, the centre, the time allowed, headings by subject and type, numbered pages, correct
// diacritics, and never the key nor an explanation; the simulation's own access rules (401 first,
// 404 for a paper that is not there for the candidate, premium, the window on the first print).
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type FixtureUser } from './learning-fixture.ts';
import { firstError, type Api } from './groups-fixture.ts';
import { scanWorld, type ScanWorld } from './scans-fixture.ts';
import { figureFor, renderBookletPdf, sections, timeAllowed, type BookletQuestion } from '../../server/modules/scans/omr/booklet-pdf.ts';

let w: ScanWorld;
let A: FixtureUser;
let draft: string, prem: string, later: string;
const pdfText = async (body: Buffer) => (await new PDFParse({ data: new Uint8Array(body) }).getText()).text;
const LONG = 'Despre sistemul nervos central și țesutul nervos (neuroni și nevroglii), sunt adevărate afirmațiile:\n1. neuronul are un singur axon;\n2. dendritele conduc impulsul centripet;\n3. sinapsa chimică folosește mediatori;\n4. mielina încetinește conducerea.';

async function booklet(u: FixtureUser | null, sim: string) {
  const res = await w.app.inject({ method: 'GET', url: `/api/v1/simulations/${sim}/booklet.pdf`, headers: u ? u.auth : {} });
  const api: Api = { status: res.statusCode, body: res.headers['content-type']?.includes('json') ? res.json() : {} };
  return { res, api };
}

beforeAll(async () => {
  w = await scanWorld();
  A = await makeUser(w.db, { name: 'Ana Caiet' });
  // Built before grid 1 of the main paper turns CG below (the bank must still fill a Timișoara paper).
  draft = await w.newSimulation('Ciornă', { publish: false });
  prem = await w.newSimulation('Premium pe hârtie', { is_premium: true });
  later = await w.newSimulation('Mai târziu', { opens_at: new Date(Date.now() + 86_400_000).toISOString() });
  const first = await w.db.one<{ grid_id: number }>('select grid_id from simulation_grids where simulation_id = $1 and position = 1', [w.simId]);
  await w.db.query(`update grids set statement = $2, type = 'CG' where id = $1`, [first!.grid_id, LONG]);
}, 300_000);
afterAll(async () => w.close());

describe('GET /simulations/:id/booklet.pdf', () => {
  it('prints the paper in exam order, with the centre and the time, and without the key', async () => {
    const { res } = await booklet(A, w.simId);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="subiecte-${w.simId.slice(0, 8)}.pdf"`);
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain('Simulare pe hârtie');
    expect(text).toContain('Centru: UMF „Victor Babeș” Timișoara');
    expect(text).toContain('Materii: Biologie + Chimie · 90 de întrebări · Timp de lucru: 3 ore (180 de minute)');
    expect(text).toContain('sistemul nervos central și țesutul nervos');
    expect(text).toContain('La complement grupat: A = 1, 2, 3 corecte');
    expect(text).toMatch(/Biologie — întrebările 2–60: complement multiplu/);
    expect(text).toMatch(/Chimie — întrebările 61–90: complement simplu/);
    const statements = await w.db.query<{ statement: string; explanation: string }>(
      `select g.statement, g.explanation from simulation_grids sg join grids g on g.id = sg.grid_id where sg.simulation_id = $1 order by sg.position`,
      [w.simId],
    );
    // Exam order: each later statement after the one before it (the generated ones carry a uuid).
    let at = -1;
    for (const s of statements.slice(1)) {
      const tail = s.statement.slice(-36);
      const i = text.indexOf(tail);
      expect(i, tail).toBeGreaterThan(at);
      at = i;
    }
    for (const s of statements) expect(text).not.toContain(s.explanation);
    expect(text).toContain('A. Varianta A');
    expect(text).toContain('E. Varianta E');
    const pages = Number(/Pagina 1 din (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Pagina ${pages} din ${pages}`);
    // Printing the booklet registers the paper attempt: the answer sheet is the same one afterwards.
    expect(await w.db.one('select 1 from scan_sheets where user_id = $1 and simulation_id = $2', [A.id, w.simId])).toBeTruthy();
  });

  it('authenticates first; a paper that is not there for the candidate is 404', async () => {
    expect((await booklet(null, w.simId)).res.statusCode).toBe(401);
    for (const id of [randomUUID(), 'nu-e-un-uuid']) {
      const r = await booklet(A, id);
      expect([r.res.statusCode, firstError(r.api)]).toEqual([404, 'FORM_SIMULATION_NOT_FOUND']);
    }
    const r = await booklet(A, draft);
    expect([r.res.statusCode, firstError(r.api)]).toEqual([404, 'FORM_SIMULATION_NOT_FOUND']);
  });

  it('keeps the simulation’s own rules: premium for a premium paper, an open window for the first print', async () => {
    const free = await booklet(A, prem);
    expect([free.res.statusCode, firstError(free.api)]).toEqual([403, 'FORM_PREMIUM_CONTENT_ONLY']);
    const P = await makeUser(w.db, { name: 'Paula Premium', premium: true });
    expect((await booklet(P, prem)).res.statusCode).toBe(200);
    const early = await booklet(A, later);
    expect([early.res.statusCode, firstError(early.api)]).toEqual([409, 'FORM_SIMULATION_NOT_OPEN']);
  });
});

describe('the booklet renderer', () => {
  const q = (n: number, type: BookletQuestion['type'], subject: string | null): BookletQuestion => ({
    n,
    type,
    subject,
    statement: `Întrebarea ${n}`,
    options: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
  });

  it('heads runs of one subject and type', () => {
    const s = sections([q(1, 'CM', 'biologie'), q(2, 'CM', 'biologie'), q(3, 'CS', 'biologie'), q(4, 'CS', 'chimie')]);
    expect(s).toEqual([
      { from: 1, to: 2, subject: 'biologie', type: 'CM' },
      { from: 3, to: 3, subject: 'biologie', type: 'CS' },
      { from: 4, to: 4, subject: 'chimie', type: 'CS' },
    ]);
  });

  it('says the time allowed in Romanian', () => {
    expect(timeAllowed(10_800)).toBe('3 ore (180 de minute)');
    expect(timeAllowed(7_200)).toBe('2 ore (120 de minute)');
    expect(timeAllowed(5_400)).toBe('o oră și 30 de minute (90 de minute)');
    expect(timeAllowed(3_600 + 60 * 5)).toBe('o oră și 5 minute (65 de minute)');
    expect(timeAllowed(45 * 60)).toBe('45 de minute');
  });

  it('never leaves one question alone on its last page, nor splits a question across pages (issue 32 §3)', async () => {
    const meta = { productName: 'Grilio', title: 'Paginare', centreName: 'Centru', variant: ['biologie'], timeLimitS: 3600 };
    const long = (n: number): BookletQuestion => ({
      ...q(n, 'CS', 'biologie'),
      statement: `Întrebarea ${n}: despre sistemul nervos central și țesutul nervos, sunt adevărate afirmațiile de mai jos?`,
    });
    // About five such questions fill a page: eleven counts in a row meet every remainder, one of
    // them the count that used to leave the last question alone.
    for (let count = 6; count <= 16; count++) {
      const pdf = await renderBookletPdf({ ...meta, questions: Array.from({ length: count }, (_, i) => long(i + 1)) });
      const pages = (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).pages.map((p) => p.text);
      const starts = pages.map((t) => [...t.matchAll(/^(\d+)\. Întrebarea \1:/gm)].map((m) => Number(m[1])));
      expect(starts.flat(), `${count} questions`).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(pages.length, `${count} questions`).toBeGreaterThan(1);
      expect(starts.at(-1)!.length, `${count} questions: the last page holds ${starts.at(-1)}`).toBeGreaterThanOrEqual(2);
      // Each question's options end on the page its statement starts on.
      for (const [i, t] of pages.entries()) expect((t.match(/^E\. e$/gm) ?? []).length, `${count} questions, page ${i + 1}`).toBe(starts[i].length);
    }
  });

  it('draws an SVG figure as an image under its statement', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200" viewBox="0 0 400 200"><circle cx="100" cy="100" r="80" fill="#c33"/></svg>');
    const figure = await figureFor(svg, 'Un cerc roșu');
    expect(figure.width).toBeLessThanOrEqual(320);
    expect((await sharp(figure.image).metadata()).format).toBe('png');
    const meta = { productName: 'Grilio', title: 'Cu figură', centreName: 'Centru', variant: ['biologie'], timeLimitS: 3600 };
    const withFigure = await renderBookletPdf({ ...meta, questions: [{ ...q(1, 'CS', 'biologie'), figure }, q(2, 'CS', 'biologie')] });
    const without = await renderBookletPdf({ ...meta, questions: [q(1, 'CS', 'biologie'), q(2, 'CS', 'biologie')] });
    expect(withFigure.includes('/Subtype /Image')).toBe(true);
    expect(without.includes('/Subtype /Image')).toBe(false);
  });
});
