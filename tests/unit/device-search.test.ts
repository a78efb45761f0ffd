// The offline search index (issue 30 §3): folding and prefixes as the server has them, ranking,
// the kind filter, premium content found but locked for a free account, only downloaded manuals,
// and the index following the mirror when a manual's copy changes or is removed.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GrilioDb, type LocalChapter, type LocalGrid, type LocalManual } from '../../src/offline/db.ts';
import { DeviceSearch } from '../../src/offline/search/device-index.ts';
import { searchQuery, type SearchQueryIn } from '../../src/shared/search-rules.ts';
import { markedPieces } from '../../src/shared/search-rules.ts';

const db = new GrilioDb('device-search-test');
const FREE = { id: 7, premium: false };
const PREMIUM = { id: 7, premium: true };

const manual = (id: number, slug: string, downloaded = true): LocalManual => ({
  id, slug, title: `Manual ${slug}`, subject: 'biologie', description: '', downloaded_at: downloaded ? '2026-12-01T10:00:00.000Z' : null, size_bytes: 1, grid_count: 0,
});
const chapter = (id: number, manualId: number, slug: string, blocks: LocalChapter['blocks'], premium = false): LocalChapter => ({
  id, manual_id: manualId, slug, title: `Capitol ${slug}`, summary: `Rezumat ${slug}`, sort: id, premium, blocks,
});
const grid = (id: number, chapterId: number, manualId: number, statement: string, extra: Partial<LocalGrid> = {}): LocalGrid => ({
  id, chapter_id: chapterId, manual_id: manualId, type: 'CS', statement,
  options: { A: 'Varianta unu', B: 'Varianta doi', C: 'Varianta trei', D: 'Varianta patru', E: 'Varianta cinci' },
  correct: ['A'], explanation: 'Fără legătură.', explanation_photo: null, difficulty: 'easy', premium: false, ...extra,
});

const q = (query: SearchQueryIn) => searchQuery.parse(query);
const texts = (pieces: { text: string; ranges: [number, number][] }) => markedPieces(pieces.text, pieces.ranges).filter((p) => p.mark).map((p) => p.text);

async function seed() {
  await db.manuals.bulkPut([manual(1, 'biologie-xi'), manual(2, 'chimie', false)]);
  await db.chapters.bulkPut([
    chapter(10, 1, 'excretia', [
      { type: 'h2', text: 'Rinichiul' },
      { type: 'p', text: 'Unitatea morfofuncțională a rinichiului este nefronul.' },
      { type: 'ul', items: ['Glomerulul renal', 'Ansa lui Henle'] },
      { type: 'p', text: 'Nefronii filtrează sângele; în nefronului tubul contort.' },
    ]),
    chapter(11, 1, 'piele', null, true),
    chapter(20, 2, 'atomul', [{ type: 'p', text: 'Nefron în chimie? Nu, manualul nu e descărcat.' }]),
  ]);
  await db.grids.bulkPut([
    grid(100, 10, 1, 'Care este unitatea morfofuncțională a RINICHIULUI?', { options: { A: 'Nefronul', B: 'Neuronul', C: 'Alveola', D: 'Glomerulul', E: 'Ureterul' } }),
    grid(101, 10, 1, 'Despre ansa Henle este adevărat:', { explanation: 'Ansa participă la concentrarea urinei în nefron.' }),
    grid(102, 11, 1, 'Glandele sudoripare: inervația nefronică postganglionară', { premium: true }),
    grid(200, 20, 2, 'Nefron în manualul nedescărcat'),
  ]);
}

beforeEach(async () => {
  await db.delete();
  await db.open();
});

describe('device search index', () => {
  it('ignores diacritics and case, finds word prefixes, marks the matched words', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    const r = await index.search(q({ q: 'NEFR' }), FREE);
    expect(r.words).toEqual(['nefr']);
    expect(r.manuals).toBe(1);
    expect(r.grids.map((g) => g.id)).toEqual(expect.arrayContaining([100, 101]));
    const first = r.grids.find((g) => g.id === 100)!;
    expect(first.match).toMatchObject({ field: 'option', letter: 'A' });
    expect(texts(first.match!)).toEqual(['Nefronul']);
    const passageTexts = r.passages.map((p) => texts(p.passage!)).flat();
    expect(passageTexts).toEqual(expect.arrayContaining(['nefronul', 'Nefronii', 'nefronului']));
    // Diacritics in the query or the text do not matter.
    const folded = await index.search(q({ q: 'morfofunctionala rinichí' }), FREE);
    expect(folded.grids.map((g) => g.id)).toEqual([100]);
    expect(texts(folded.grids[0]!.statement!)).toEqual(['morfofuncțională', 'RINICHIULUI']);
  });

  it('requires every word, ranks the statement above the explanation and a heading above a paragraph', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    const both = await index.search(q({ q: 'ansa nefron' }), FREE);
    expect(both.grids.map((g) => g.id)).toEqual([101]);
    expect(both.grids[0]!.match).toMatchObject({ field: 'explanation' });
    await db.grids.put(grid(103, 10, 1, 'Ceva despre urină', { explanation: 'Rinichiul produce urina.' }));
    await index.refresh();
    const rinichi = await index.search(q({ q: 'rinichiul' }), FREE);
    expect(rinichi.grids.map((g) => g.id)).toEqual([100, 103]);
    expect(rinichi.passages[0]).toMatchObject({ block: 0, locked: false });
  });

  it('filters by kind and by manual', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    const grids = await index.search(q({ q: 'henle', kind: 'grids' }), FREE);
    expect(grids.grids).toHaveLength(1);
    expect(grids.passages).toEqual([]);
    const chapters = await index.search(q({ q: 'henle', kind: 'chapters' }), FREE);
    expect(chapters.grids).toEqual([]);
    expect(chapters.passages).toEqual([expect.objectContaining({ block: 2, chapter: { id: 10, slug: 'excretia', title: 'Capitol excretia' } })]);
    expect((await index.search(q({ q: 'henle', manual: 'chimie' }), FREE)).grids).toEqual([]);
  });

  it('searches only downloaded manuals and says when none is', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    const r = await index.search(q({ q: 'nedescarcat' }), FREE);
    expect(r.grids).toEqual([]);
    await db.manuals.update(1, { downloaded_at: null });
    await index.refresh();
    const none = await index.search(q({ q: 'nefron' }), FREE);
    expect(none).toMatchObject({ manuals: 0, grids: [], passages: [] });
  });

  it('finds premium content for a free account, locked, without its text', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    const free = await index.search(q({ q: 'sudoripare' }), FREE);
    expect(free.grids).toEqual([expect.objectContaining({ id: 102, locked: true, statement: null, match: null })]);
    // The premium chapter's text is not on the device: its title is found, once, locked.
    const locked = await index.search(q({ q: 'piele' }), FREE);
    expect(locked.passages).toEqual([expect.objectContaining({ locked: true, passage: null, block: 0, chapter: expect.objectContaining({ slug: 'piele' }) })]);
    const premium = await index.search(q({ q: 'sudoripare' }), PREMIUM);
    expect(premium.grids[0]).toMatchObject({ id: 102, locked: false });
    expect(texts(premium.grids[0]!.statement!)).toEqual(['sudoripare']);
  });

  it('says which grids the account answered on this device', async () => {
    await seed();
    await db.tests.put({
      id: 't1', manual_id: 1, mode: 'tutor', status: 'finished', grid_ids: [100, 101], time_limit_s: null, remaining_s: null,
      started_at: '', finished_at: null, updated_at: '', source: 'offline', synced: 1, result: null, result_source: null, owner_id: 7,
    });
    await db.answers.bulkPut([
      { id: 'a1', test_id: 't1', grid_id: 100, marked: ['A'], flagged: false, time_ms: 1, answered_at: '' },
      { id: 'a2', test_id: 't1', grid_id: 101, marked: [], flagged: false, time_ms: 1, answered_at: '' },
    ]);
    const index = new DeviceSearch(db);
    await index.refresh();
    const r = await index.search(q({ q: 'nefr', kind: 'grids' }), FREE);
    expect(Object.fromEntries(r.grids.map((g) => [g.id, g.answered]))).toEqual({ 100: true, 101: false, 102: false });
    const other = await index.search(q({ q: 'nefr', kind: 'grids' }), { id: 8, premium: false });
    expect(other.grids.every((g) => !g.answered)).toBe(true);
  });

  it('follows the mirror: a new copy of a manual replaces its documents', async () => {
    await seed();
    const index = new DeviceSearch(db);
    await index.refresh();
    expect((await index.search(q({ q: 'henle' }), FREE)).grids).toHaveLength(1);
    await db.transaction('rw', db.manuals, db.grids, async () => {
      await db.grids.delete(101);
      await db.grids.put(grid(104, 10, 1, 'Podocitele din capsula Bowman'));
      await db.manuals.update(1, { downloaded_at: '2026-12-02T08:00:00.000Z' });
    });
    await index.refresh();
    expect((await index.search(q({ q: 'henle', kind: 'grids' }), FREE)).grids).toEqual([]);
    expect((await index.search(q({ q: 'podoc' }), FREE)).grids.map((g) => g.id)).toEqual([104]);
    // A grid written without touching its manual's row (a delta sync's edit) is seen too: the write is noticed, the counts read again.
    await db.grids.put(grid(105, 10, 1, 'Corpusculul renal Malpighi'));
    await index.refresh();
    expect((await index.search(q({ q: 'malpighi' }), FREE)).grids.map((g) => g.id)).toEqual([105]);
    await db.grids.delete(105);
    // The same grid again under the same id (a second download) is found once.
    await db.manuals.update(1, { downloaded_at: '2026-12-02T09:00:00.000Z' });
    await index.refresh();
    expect((await index.search(q({ q: 'podoc' }), FREE)).grids.map((g) => g.id)).toEqual([104]);
  });
  it('reads the mirror before a query only after a write to it', async () => {
    await seed();
    const index = new DeviceSearch(db);
    const reads = vi.spyOn(db.manuals, 'toArray');
    await index.refresh();
    expect(reads).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++) expect((await index.answer({ id: i, type: 'search', query: q({ q: 'henle' }), viewer: FREE })).result!.grids).toHaveLength(1);
    expect(reads).toHaveBeenCalledTimes(1);
    // A write (here, a new chapter: no grid count changes) is noticed and read again before the next query.
    await db.chapters.put(chapter(12, 1, 'glanda', [{ type: 'p', text: 'Glanda tiroidă secretă tiroxina.' }]));
    expect((await index.answer({ id: 9, type: 'search', query: q({ q: 'tiroxin' }), viewer: FREE })).result!.passages).toHaveLength(1);
    expect(reads).toHaveBeenCalledTimes(2);
    reads.mockRestore();
  });
});
