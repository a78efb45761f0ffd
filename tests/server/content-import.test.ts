import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { importText, importFile, ImportError, formatPath } from '../../server/modules/content/import.ts';
import { seedContent } from '../../server/db/seed/content.ts';
import { fixture, readFixture } from './fixtures/content-users.ts';
import { mkdtempSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await t.db.one<{ n: number }>(`select count(*)::int as n from ${table}`))!.n;
async function errorsOf(p: Promise<unknown>): Promise<string[]> {
  try {
    await p;
  } catch (err) {
    if (err instanceof ImportError) return err.errors;
    throw err;
  }
  throw new Error('expected an ImportError');
}
const valid = () => JSON.parse(readFixture('content-valid.json'));

describe('content importer', () => {
  it('formats JSON paths', () => {
    expect(formatPath(['grids', 12, 'correct'])).toBe('grids[12].correct');
    expect(formatPath(['manual', 'slug'])).toBe('manual.slug');
  });

  it('refuses an invalid JSON file, naming path and field, and writes nothing', async () => {
    const errors = await errorsOf(importFile(t.db, fixture('content-invalid.json')));
    expect(errors).toEqual([
      expect.stringMatching(/^grids\[0\]\.correct: .*CS.*exact 1/),
      expect.stringMatching(/^grids\[1\]\.correct: .*CM.*între 1 și 4/),
      expect.stringMatching(/^grids\[2\]\.options\.E: /),
      expect.stringMatching(/^grids\[2\]\.difficulty: .*easy sau hard/),
    ]);
    expect(await count('manuals')).toBe(0);
    expect(await count('chapters')).toBe(0);
  });

  it('reports each rule with its path', async () => {
    const f = valid();
    f.grids[2].correct = ['A', 'B']; // CG takes one letter
    f.grids[3].correct = []; // CS with none
    f.grids[4].chapter = 'nu-exista';
    f.grids[1].key = f.grids[0].key;
    f.chapters[1].blocks.push({ type: 'video', src: 'x' });
    f.manual.subject = 'istorie';
    f.grids[0].correct = ['A', 'B']; // CS with two, reported together with the difficulty error below
    f.grids[0].difficulty = 'medie';
    const errors = await errorsOf(importText(t.db, JSON.stringify(f), 'json'));
    expect(errors.some((e) => e.startsWith('grids[2].correct: o grilă CG'))).toBe(true);
    expect(errors.some((e) => e.startsWith('grids[3].correct: o grilă CS'))).toBe(true);
    expect(errors.some((e) => e.startsWith('grids[1].key: '))).toBe(true);
    expect(errors.some((e) => e.startsWith('chapters[1].blocks[2]'))).toBe(true);
    expect(errors.some((e) => e.startsWith('manual.subject: '))).toBe(true);
    expect(errors).toContain('grids[0].difficulty: difficulty trebuie să fie easy sau hard');
    expect(errors.some((e) => e.startsWith('grids[0].correct: o grilă CS'))).toBe(true);
    expect(await count('manuals')).toBe(0);
  });

  it('refuses a grid whose chapter is neither in the file nor in the database', async () => {
    const f = valid();
    f.grids[4].chapter = 'nu-exista';
    const errors = await errorsOf(importText(t.db, JSON.stringify(f), 'json'));
    expect(errors).toEqual([expect.stringMatching(/^grids\[4\]\.chapter: capitolul „nu-exista” nu există/)]);
    expect(await count('manuals')).toBe(0);
    expect(await count('grids')).toBe(0);
  });

  it('refuses broken JSON with a clear message', async () => {
    const errors = await errorsOf(importText(t.db, '{"manual": ', 'json'));
    expect(errors[0]).toMatch(/^JSON invalid/);
  });

  it('imports a valid JSON file and counts what it created', async () => {
    const c = await importFile(t.db, fixture('content-valid.json'));
    expect(c).toEqual({ manuals: 1, chapters: 3, grids: 5, created: 9, updated: 0, unchanged: 0 });
    const ch = await t.db.query<{ slug: string; is_premium: boolean; blocks: unknown[] }>(
      'select slug, is_premium, blocks from chapters order by sort',
    );
    expect(ch.map((c) => c.slug)).toEqual(['organizarea-corpului', 'sistemul-nervos', 'metabolismul']);
    expect(ch[2]!.is_premium).toBe(true);
    expect(ch[0]!.blocks).toHaveLength(6);
    const g = await t.db.one<{ correct: string[]; options: Record<string, string> }>(
      "select correct, options from grids where key = 't-bio-002'",
    );
    expect(g!.correct).toEqual(['A', 'B', 'D']);
    expect(g!.options.D).toBe('are dendrite');
  });

  it('re-imports idempotently: unchanged, then updated, never duplicated', async () => {
    const again = await importFile(t.db, fixture('content-valid.json'));
    expect(again).toEqual({ manuals: 1, chapters: 3, grids: 5, created: 0, updated: 0, unchanged: 9 });
    const f = valid();
    f.grids[0].explanation = 'Explicație nouă.';
    f.chapters[0].title = 'Organizarea generală a corpului';
    const changed = await importText(t.db, JSON.stringify(f), 'json');
    expect(changed).toMatchObject({ created: 0, updated: 2, unchanged: 7 });
    expect(await count('manuals')).toBe(1);
    expect(await count('chapters')).toBe(3);
    expect(await count('grids')).toBe(5);
    expect(
      (await t.db.one<{ explanation: string }>("select explanation from grids where key = 't-bio-001'"))!
        .explanation,
    ).toBe('Explicație nouă.');
  });

  it('lets a later file name chapters already in the database', async () => {
    const f = valid();
    f.chapters = [];
    f.grids = [{ ...f.grids[0], key: 't-bio-100' }];
    const c = await importText(t.db, JSON.stringify(f), 'json');
    expect(c).toMatchObject({ chapters: 0, grids: 1, created: 1 });
  });

  it('imports CSV grids (quoted commas, quotes, newlines) idempotently', async () => {
    const c = await importFile(t.db, fixture('content-grids.csv'));
    expect(c).toEqual({ manuals: 1, chapters: 0, grids: 3, created: 3, updated: 0, unchanged: 0 });
    const g = await t.db.one<{
      statement: string;
      options: Record<string, string>;
      correct: string[];
      is_premium: boolean;
    }>("select statement, options, correct, is_premium from grids where key = 't-csv-002'");
    expect(g!.statement).toBe('Reflexul miotatic:\nare un arc bineuronal?');
    expect(g!.correct).toEqual(['A', 'B', 'D']);
    expect(g!.is_premium).toBe(true);
    expect(
      (await t.db.one<{ d: string }>("select options->>'D' as d from grids where key = 't-csv-001'"))!.d,
    ).toBe('celule "Schwann"');
    expect(await importFile(t.db, fixture('content-grids.csv'))).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
    });
  });

  it('names the CSV line and field of each error and writes nothing', async () => {
    const before = await count('grids');
    const errors = await errorsOf(importFile(t.db, fixture('content-invalid.csv')));
    expect(errors).toEqual([
      expect.stringMatching(/^linia 2, câmpul correct: o grilă CS/),
      expect.stringMatching(/^linia 3, câmpul C: /),
      expect.stringMatching(/^linia 4, câmpul type: /),
      expect.stringMatching(/^linia 5, câmpul difficulty: /),
    ]);
    expect(await count('grids')).toBe(before);
  });

  it('checks CSV header, manual and chapter against the database', async () => {
    const head = 'key,manual,chapter,type,statement,A,B,C,D,E,correct,explanation,difficulty,source,premium';
    expect(await errorsOf(importText(t.db, 'key,manual\nx,y\n', 'csv'))).toEqual([
      expect.stringMatching(/^linia 1: lipsesc coloanele chapter, type/),
    ]);
    const rows = [
      head,
      'csv-ok-1,test-biologie,sistemul-nervos,CS,Enunț corect aici,a,b,c,d,e,A,,easy,,0',
      'csv-x-1,nu-exista,sistemul-nervos,CS,Enunț,a,b,c,d,e,A,,easy,,0',
      'csv-x-2,test-biologie,nu-exista,CS,Enunț,a,b,c,d,e,A,,easy,,0',
    ].join('\n');
    const before = await count('grids');
    expect(await errorsOf(importText(t.db, rows, 'csv'))).toEqual([
      expect.stringMatching(/^linia 3, câmpul manual: manualul „nu-exista” nu există/),
      expect.stringMatching(/^linia 4, câmpul chapter: capitolul „nu-exista” nu există/),
    ]);
    expect(await count('grids')).toBe(before); // the valid first row was not written either
    expect(
      await errorsOf(
        importText(t.db, `${head}\ncsv-p,test-biologie,sistemul-nervos,CS,Enunț,a,b,c,d,e,A,,easy,,2`, 'csv'),
      ),
    ).toEqual([expect.stringMatching(/^linia 2, câmpul premium: /)]);
    expect(await errorsOf(importText(t.db, `${head}\n"csv-q,unclosed`, 'csv'))).toEqual([
      expect.stringMatching(/CSV invalid/),
    ]);
    // Line numbers count blank lines and multi-line quoted fields (CRLF too).
    const multi = [
      head,
      '',
      'csv-m,test-biologie,sistemul-nervos,CS,"Enunț pe',
      'două rânduri",a,b,c,d,e,AB,,easy,,0',
      'csv-n,test-biologie,sistemul-nervos,CS,Enunț bun aici,a,b,,d,e,A,,easy,,0',
    ].join('\r\n');
    expect(await errorsOf(importText(t.db, multi, 'csv'))).toEqual([
      expect.stringMatching(/^linia 3, câmpul correct: /),
      expect.stringMatching(/^linia 5, câmpul C: /),
    ]);
  });

  it('seeds a content folder once and skips it when unchanged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'grilio-content-'));
    copyFileSync(fixture('content-valid.json'), join(dir, 'a.json'));
    copyFileSync(fixture('content-grids.csv'), join(dir, 'b.csv'));
    writeFileSync(join(dir, 'broken.json'), '{');
    const logs: string[] = [];
    await seedContent(t.db, { dir, log: (m) => logs.push(m) });
    expect(logs.filter((l) => l.startsWith('conținut importat'))).toHaveLength(2);
    expect(logs.some((l) => l.startsWith('conținut NEIMPORTAT: broken.json'))).toBe(true);
    logs.length = 0;
    await seedContent(t.db, { dir, log: (m) => logs.push(m) });
    expect(logs.filter((l) => l.startsWith('conținut importat'))).toHaveLength(0);
    expect((await t.db.query('select name from content_imports order by name')).map((r) => r.name)).toEqual([
      'a.json',
      'b.csv',
    ]);
  });

  it('imports the shipped demo content without errors, once', async () => {
    const logs: string[] = [];
    await seedContent(t.db, { log: (m) => logs.push(m) });
    expect(logs.filter((l) => l.includes('NEIMPORTAT'))).toEqual([]);
    logs.length = 0;
    await seedContent(t.db, { log: (m) => logs.push(m) });
    expect(logs).toEqual([]);
  });
});
