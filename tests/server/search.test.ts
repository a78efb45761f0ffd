// GET /search (issue 30 §3) on the database of the run (PGlite, or PostgreSQL with DATABASE_URL):
// diacritics and case, prefixes, ranking, highlight ranges, premium locked for a free user and open
// for premium, unpublished and deleted content never found, bounds → codes, 401 before validation,
// and the index kept current by the migration's generated column and trigger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
import { makeUser, type TestUser } from './fixtures/content-users.ts';
import { FOLD_FROM } from '../../src/shared/friend-rules.ts';
import { foldText } from '../../src/shared/search-rules.ts';
import type { SearchResponse } from '../../src/shared/search-payloads.ts';

let t: TestApp;
let free: TestUser;
let premium: TestUser;
const ids: Record<string, number> = {};

async function grid(key: string, chapter: number, statement: string, explanation: string, opts: { premium?: boolean; published?: boolean } = {}) {
  const row = await t.db.one<{ id: number }>(
    `insert into grids (key, chapter_id, type, statement, options, correct, explanation, difficulty, is_premium, is_published)
     values ($1, $2, 'CS', $3, $4::jsonb, '{A}', $5, 'easy', $6, $7) returning id`,
    [key, chapter, statement, JSON.stringify({ A: 'glomerulul', B: 'tubul contort', C: 'ansa Henle', D: 'capsula', E: 'vezica' }), explanation, Boolean(opts.premium), opts.published ?? true],
  );
  ids[key] = row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  free = await makeUser(t.db);
  premium = await makeUser(t.db, { premium: true });
  const m = await t.db.one<{ id: number }>(
    `insert into manuals (slug, title, subject) values ('cautare-bio', 'Biologie de căutat', 'biologie') returning id`,
  );
  const hidden = await t.db.one<{ id: number }>(
    `insert into manuals (slug, title, subject, is_published) values ('cautare-ascuns', 'Manual nepublicat', 'biologie', false) returning id`,
  );
  const chapter = async (manual: number, slug: string, blocks: unknown[], isPremium = false) =>
    (await t.db.one<{ id: number }>(
      `insert into chapters (manual_id, slug, title, blocks, is_premium) values ($1, $2, $3, $4::jsonb, $5) returning id`,
      [manual, slug, `Capitol ${slug}`, JSON.stringify(blocks), isPremium],
    ))!.id;
  const c1 = await chapter(m!.id, 'excretia', [
    { type: 'h2', text: 'Rinichiul' },
    { type: 'p', text: 'Unitatea funcțională a rinichiului este nefronul.' },
    { type: 'ul', items: ['Corpusculul renal', 'Tubul urinifer al nefronului'] },
  ]);
  const c2 = await chapter(m!.id, 'excretia-premium', [{ type: 'p', text: 'Ansa lui Henle a nefronului concentrează urina.' }, { type: 'p', text: 'Alt nefron aici.' }], true);
  const c3 = await chapter(hidden!.id, 'ascuns', [{ type: 'p', text: 'Nefronul ascuns, nepublicat.' }]);
  ids.c1 = c1;
  ids.c2 = c2;
  await grid('s-rinichi', c1, 'Care este unitatea funcțională a RINICHIULUI?', 'Nefronul este unitatea funcțională.');
  await grid('s-nefron', c1, 'Nefronul conține:', 'Nefronul are glomerul și tub; nefronului îi aparține ansa.');
  await grid('s-expl', c1, 'Despre excreție:', 'Excreția are loc și prin rinichi.');
  await grid('s-premium', c2, 'Ansa lui Henle a nefronului se află în rinichi premium.', 'Explicație premium secretă.', { premium: true });
  await grid('s-draft', c1, 'Rinichiul nepublicat (ciornă)', 'ciornă', { published: false });
  await grid('s-hidden', c3, 'Rinichiul din manualul nepublicat', '');
});
afterAll(() => t.close());

const search = (qs: string, user: TestUser | null = free) =>
  t.app.inject({ method: 'GET', url: `/api/v1/search?${qs}`, headers: user ? user.auth : {} });
const body = async (qs: string, user: TestUser = free) => {
  const res = await search(qs, user);
  expect(res.statusCode).toBe(200);
  return res.json() as SearchResponse;
};

describe('GET /search', () => {
  it('ignores diacritics and case: rinichi, rinichí, RINICHI, rinichiului find the same grids', async () => {
    const base = (await body('q=rinichi&kind=grids')).grids.map((g) => g.id);
    expect(base).toContain(ids['s-rinichi']);
    expect(base).toContain(ids['s-expl']);
    for (const q of ['rinichí', 'RINICHI', 'Rînichi'.replace('î', 'i')])
      expect((await body(`q=${encodeURIComponent(q)}&kind=grids`)).grids.map((g) => g.id)).toEqual(base);
    const folded = await body(`q=${encodeURIComponent('funcționala')}&kind=grids`);
    expect(folded.grids.map((g) => g.id)).toContain(ids['s-rinichi']);
  });

  it('matches word prefixes: nefr finds nefron and nefronului, in grids and paragraphs', async () => {
    const r = await body('q=nefr');
    expect(r.words).toEqual(['nefr']);
    expect(r.grids.map((g) => g.id)).toEqual(expect.arrayContaining([ids['s-nefron'], ids['s-rinichi']]));
    const open = r.passages.filter((p) => !p.locked);
    expect(open.map((p) => [p.chapter.slug, p.block])).toEqual(expect.arrayContaining([['excretia', 1], ['excretia', 2]]));
    expect(r.grids.map((g) => g.id)).not.toContain(ids['s-expl']);
  });

  it('ranks a match in the statement above one in the explanation only', async () => {
    const r = await body('q=nefron&kind=grids', premium);
    const order = r.grids.map((g) => g.id);
    expect(order.indexOf(ids['s-nefron']!)).toBeLessThan(order.indexOf(ids['s-rinichi']!));
  });

  it('returns highlight ranges over the plain text, the whole matched word', async () => {
    const r = await body('q=rinichi&kind=grids');
    const g = r.grids.find((x) => x.id === ids['s-rinichi'])!;
    const s = g.statement!;
    expect(s.ranges.map(([a, b]) => s.text.slice(a, b))).toEqual(['RINICHIULUI']);
    const n = (await body('q=glomerul&kind=grids')).grids.find((x) => x.id === ids['s-nefron'])!;
    expect(n.match).toMatchObject({ field: 'option', letter: 'A' });
    expect(n.match!.ranges.map(([a, b]) => n.match!.text.slice(a, b))).toEqual(['glomerulul']);
  });

  it('finds premium content locked for a free user (place only) and open for premium', async () => {
    const f = await body('q=henle');
    const pg = f.grids.find((g) => g.id === ids['s-premium'])!;
    expect(pg).toMatchObject({ locked: true, statement: null, match: null, chapter: { slug: 'excretia-premium' } });
    expect(JSON.stringify(f)).not.toMatch(/secret|concentreaz/);
    const locked = f.passages.filter((p) => p.chapter.slug === 'excretia-premium');
    expect(locked).toEqual([expect.objectContaining({ locked: true, passage: null })]);
    const p = await body('q=henle', premium);
    const open = p.grids.find((g) => g.id === ids['s-premium'])!;
    expect(open.locked).toBe(false);
    expect(open.statement!.text).toMatch(/Henle/);
    expect(p.passages.find((x) => x.chapter.slug === 'excretia-premium')!.passage!.text).toMatch(/concentrează/);
  });

  it('never finds unpublished grids nor anything of an unpublished manual', async () => {
    const r = await body('q=rinichiul', premium);
    expect(r.grids.map((g) => g.id)).not.toContain(ids['s-draft']);
    expect(r.grids.map((g) => g.id)).not.toContain(ids['s-hidden']);
    expect((await body('q=ascuns', premium)).passages).toEqual([]);
  });

  it('filters by manual and by kind', async () => {
    expect((await body('q=nefron&kind=chapters')).grids).toEqual([]);
    expect((await body('q=nefron&kind=grids')).passages).toEqual([]);
    expect((await body('q=nefron&manual=alt-manual')).grids).toEqual([]);
    expect((await body('q=nefron&manual=cautare-bio')).grids.length).toBeGreaterThan(0);
  });

  it('keeps the index current when a grid or a chapter is edited or deleted', async () => {
    await t.db.query(`update grids set statement = 'Podocitele tapetează capsula' where id = $1`, [ids['s-expl']]);
    expect((await body('q=podocit&kind=grids')).grids.map((g) => g.id)).toEqual([ids['s-expl']]);
    await t.db.query(`update chapters set blocks = $2::jsonb where id = $1`, [ids.c1, JSON.stringify([{ type: 'p', text: 'Medulara renală' }])]);
    const r = await body('q=medular&kind=chapters');
    expect(r.passages.map((p) => [p.chapter.slug, p.block])).toEqual([['excretia', 0]]);
    expect((await body('q=urinifer&kind=chapters')).passages).toEqual([]);
    await t.db.query('delete from grids where id = $1', [ids['s-expl']]);
    expect((await body('q=podocit&kind=grids')).grids).toEqual([]);
  });

  it('answers bad input with catalogue codes, never a 500', async () => {
    const cases: [string, string, string][] = [
      ['', 'q', 'FORM_CONTENT_SEARCH_REQUIRED'],
      ['q=a', 'q', 'FORM_CONTENT_SEARCH_TOO_SHORT'],
      ['q=%20%20', 'q', 'FORM_CONTENT_SEARCH_REQUIRED'],
      [`q=${'a'.repeat(101)}`, 'q', 'FORM_SEARCH_TOO_LONG'],
      ['q=ab%00c', 'q', 'FIELD_TEXT_UNSUPPORTED'],
      ['q=nefron&kind=toate', 'kind', 'FIELD_INVALID'],
      [`q=nefron&manual=${'a'.repeat(101)}`, 'manual', 'FIELD_TOO_LONG'],
      ['q=nefron&manual=%27%3B--', 'manual', 'FIELD_INVALID'],
    ];
    for (const [qs, field, code] of cases) {
      const res = await search(qs);
      expect({ qs, status: res.statusCode }).toEqual({ qs, status: 422 });
      expect(res.json().errors[field]).toContain(code);
    }
    // Query syntax is never passed through: operators and quotes are just separators.
    for (const q of ["nefr:* | !a", "'&|!()<->:*", '((("']) {
      const res = await search(`q=${encodeURIComponent(q)}`);
      expect(res.statusCode).toBe(200);
    }
  });

  it('is 401 without a token, before the query is validated', async () => {
    const res = await search('q=a&kind=nope', null);
    expect(res.statusCode).toBe(401);
  });

  it('folds in SQL exactly as the shared rule does (the migration copies FOLD_FROM/FOLD_TO)', async () => {
    const sample = `${FOLD_FROM} Ăla BALA Țânțar`;
    const row = await t.db.one<{ f: string }>('select search_fold($1) as f', [sample]);
    expect(row!.f).toBe(foldText(sample));
  });
});
