// The search of the manuals downloaded on this device (issue 30 §3, offline half): a MiniSearch
// index of their grids and chapter paragraphs, read from the Dexie mirror, answering in the shape
// of GET /search. Words are folded and split by the same rules as the server (foldText, [a-z0-9]+
// of src/shared/search-rules.ts), every word is a prefix and all are required, so online and
// offline find the same things. The index itself is term-index.ts, one per manual and kind, rebuilt
// only when that manual's row or its counts of chapters and grids change (a new download, a partial
// one, a removal; all read again only after a write to the mirror): whatever writes the
// mirror need not know this index exists. Runs in a Web Worker
// (search.worker.ts); nothing here touches the DOM.
import { SEARCH_LIMIT, foldText, searchWords, type SearchQueryOut } from '../../shared/search-rules.ts';
import { blockText, gridTexts, passageText } from '../../shared/search-hits.ts';
import type { SearchGridHit, SearchPassageHit, SearchResponse } from '../../shared/search-payloads.ts';
import Dexie from 'dexie';
import type { GrilioDb, LocalChapter, LocalGrid, LocalManual } from '../db.ts';
import type { WorkerRequest } from './protocol.ts';
import { TermIndex, type TermHit } from './term-index.ts';

/** Who is searching: premium content is found for everyone and shown locked to a free account. */
export type SearchViewer = { id: number | null; premium: boolean };

/** GET /search's answer, plus how many downloaded manuals were searched (0: say none is downloaded). */
export type DeviceSearchResponse = SearchResponse & { manuals: number };

/** What a message gets back: the search's answer (null for a warm-up), the index's own time on it, and the part of that spent bringing the index up to the mirror. */
export type DeviceAnswer = { result: DeviceSearchResponse | null; workMs: number; refreshMs: number };

/** A searchable block, or a chapter whose text is not on the device (a premium chapter downloaded by a free account): its title and summary. */
type Passage = { chapter_id: number; block: number; text: string; stub: boolean };
type ManualEntry = { row: string; stamp: string; grids: TermIndex<number>; passages: TermIndex<string> };

const WORD = /[a-z0-9]+/g;
const tokenize = (text: string) => foldText(text).match(WORD) ?? [];
// The server's weights (migration 042): statement A, options B, explanation C; headings A, paragraphs D.
const GRID_BOOSTS = [4, 2, 1];
const PASSAGE_BOOSTS = [4, 1];


function passagesOf(c: LocalChapter): Passage[] {
  if (c.blocks === null) return [{ chapter_id: c.id, block: 0, text: [c.title, c.summary].filter((x) => x).join(' — '), stub: true }];
  const out: Passage[] = [];
  c.blocks.forEach((b, block) => {
    const text = blockText(b);
    if (text.trim()) out.push({ chapter_id: c.id, block, text, stub: false });
  });
  return out;
}

const passageKey = (p: Passage) => `${p.chapter_id}:${p.block}`;
const isHeading = (c: LocalChapter | undefined, block: number) => {
  const t = c?.blocks?.[block]?.type;
  return t === 'h2' || t === 'h3';
};

export class DeviceSearch {
  private readonly entries = new Map<number, ManualEntry>();
  private readonly manuals = new Map<number, LocalManual>();
  private readonly chapters = new Map<number, LocalChapter>();
  private readonly gridRows = new Map<number, LocalGrid>();
  private readonly passageRows = new Map<string, Passage>();
  private answered: { owner: number | null; ids: Set<number> } = { owner: null, ids: new Set() };
  // What was written to the mirror since the last look (Dexie's storagemutated event: fired for this
  // context's writes, and carried from every other tab and worker by its BroadcastChannel). Counting
  // a manual's 6,000 grids walks their index in IndexedDB, so it is done only after a write.
  private contentWritten = true;
  private activityWritten = true;
  private pending: Promise<void> = Promise.resolve();

  private readonly db: GrilioDb;

  constructor(db: GrilioDb) {
    this.db = db;
    Dexie.on('storagemutated', (parts) => this.noteWrites(Object.keys(parts)));
  }

  private noteWrites(parts: string[]) {
    for (const part of parts) {
      // 'idb://<database>/<table>/<index>'; anything else (Dexie's 'all' after a page comes back from the back-forward cache) is everything.
      const m = /^idb:\/\/([^/]+)\/([^/]+)\//.exec(part);
      if (m && m[1] !== this.db.name) continue;
      const table = m?.[2];
      if (!table || table === 'manuals' || table === 'chapters' || table === 'grids') this.contentWritten = true;
      if (!table || table === 'answers' || table === 'tests') this.activityWritten = true;
    }
  }

  /** Brings the index up to the mirror (one refresh at a time; a caller waits for the one under way). */
  refresh(): Promise<void> {
    this.pending = this.pending.then(() => this.sync(), () => this.sync());
    return this.pending;
  }

  /** The downloaded manuals indexed now. */
  get size(): number {
    return this.entries.size;
  }

  private async sync(): Promise<void> {
    // Nothing written to the manuals, chapters or grids since the last look: the index is the
    // mirror's. Reading the manuals' rows anyway was half the worker's time on a query (3.5 of
    // 7.3 ms p50 at host speed, ×6.7 on the phone). The notice is Dexie's own: every write of
    // any context of the origin, carried by BroadcastChannel within a millisecond or two, and the
    // flag starts set, so a worker started after a download reads it all.
    if (!this.contentWritten) return;
    // Cleared before reading: a write during the read marks it again for the next query.
    this.contentWritten = false;
    // The manuals' rows and their counts of chapters and grids in one read transaction, the counts
    // asked all at once: each IndexedDB read is a wait on the database, not CPU.
    const { downloaded, counts } = await this.db.transaction('r', this.db.manuals, this.db.chapters, this.db.grids, async () => {
      const downloaded = (await this.db.manuals.toArray()).filter((m) => m.downloaded_at);
      const counts = await Promise.all(
        downloaded.map((m) =>
          Promise.all([this.db.chapters.where('manual_id').equals(m.id).count(), this.db.grids.where('manual_id').equals(m.id).count()]),
        ),
      );
      return { downloaded, counts };
    });
    const live = new Set<number>();
    for (const [i, m] of downloaded.entries()) {
      live.add(m.id);
      const [chapterCount, gridCount] = counts[i]!;
      // The whole row (whatever fields a download writes there) and the counts: any new copy changes it.
      const row = JSON.stringify(m);
      const stamp = `${row}|${chapterCount}|${gridCount}`;
      if (this.entries.get(m.id)?.stamp === stamp) continue;
      const [chapters, grids] = await Promise.all([
        this.db.chapters.where('manual_id').equals(m.id).toArray(),
        this.db.grids.where('manual_id').equals(m.id).toArray(),
      ]);
      this.drop(m.id);
      this.add(m, row, stamp, chapters, grids);
    }
    for (const id of [...this.entries.keys()]) if (!live.has(id)) this.drop(id);
  }

  private add(m: LocalManual, row: string, stamp: string, chapters: LocalChapter[], grids: LocalGrid[]) {
    this.manuals.set(m.id, m);
    const passages = chapters.flatMap((c) => {
      this.chapters.set(c.id, c);
      return passagesOf(c);
    });
    for (const g of grids) this.gridRows.set(g.id, g);
    for (const p of passages) this.passageRows.set(passageKey(p), p);
    const gridIndex = new TermIndex(
      grids.map((g) => ({ id: g.id, fields: [tokenize(g.statement), tokenize(Object.values(g.options).join(' ')), tokenize(g.explanation ?? '')] })),
      GRID_BOOSTS,
    );
    const passageIndex = new TermIndex(
      passages.map((p) => {
        const words = tokenize(p.text);
        const heading = p.stub || isHeading(this.chapters.get(p.chapter_id), p.block);
        return { id: passageKey(p), fields: heading ? [words, []] : [[], words] };
      }),
      PASSAGE_BOOSTS,
    );
    this.entries.set(m.id, { row, stamp, grids: gridIndex, passages: passageIndex });
  }

  private drop(manualId: number) {
    const e = this.entries.get(manualId);
    if (!e) return;
    for (const id of e.grids.ids) this.gridRows.delete(id);
    for (const k of e.passages.ids) this.passageRows.delete(k);
    for (const [id, c] of this.chapters) if (c.manual_id === manualId) this.chapters.delete(id);
    this.manuals.delete(manualId);
    this.entries.delete(manualId);
  }

  /** Grids answered on this device by the account (a marked answer in one of its tests), kept until answers or tests are written. */
  private async answeredIds(owner: number | null): Promise<Set<number>> {
    if (owner === null) return new Set();
    if (!this.activityWritten && this.answered.owner === owner) return this.answered.ids;
    this.activityWritten = false;
    const owned = new Set<string>();
    await this.db.tests.each((t) => {
      if (t.owner_id === undefined || t.owner_id === null || t.owner_id === owner) owned.add(t.id);
    });
    const ids = new Set<number>();
    await this.db.answers.each((a) => {
      if (a.marked.length && owned.has(a.test_id)) ids.add(a.grid_id);
    });
    this.answered = { owner, ids };
    return ids;
  }

  private manualFilter(slug: string | undefined) {
    if (!slug) return () => true;
    const ids = new Set([...this.manuals.values()].filter((m) => m.slug === slug).map((m) => m.id));
    return (manualId: number) => ids.has(manualId);
  }

  private place(chapterId: number) {
    const c = this.chapters.get(chapterId)!;
    const m = this.manuals.get(c.manual_id)!;
    return { manual: { slug: m.slug, title: m.title }, chapter: { id: c.id, slug: c.slug, title: c.title } };
  }

  /** A message of the app's answered (search.worker.ts, or client.ts where Worker is missing): the index brought up to the mirror first, and the time it all took. */
  async answer(req: WorkerRequest): Promise<DeviceAnswer> {
    const t0 = performance.now();
    await this.refresh();
    const refreshMs = performance.now() - t0;
    const result = req.type === 'search' ? await this.search(req.query, req.viewer) : null;
    return { result, workMs: performance.now() - t0, refreshMs };
  }

  /** The query answered from the index as it is now (call refresh() first to include the latest copies). */
  async search(query: SearchQueryOut, viewer: SearchViewer): Promise<DeviceSearchResponse> {
    const words = searchWords(query.q);
    const out: DeviceSearchResponse = { q: query.q, words, grids: [], passages: [], manuals: this.entries.size };
    if (!words.length || !this.entries.size) return out;
    const inManual = this.manualFilter(query.manual);
    const answeredP = query.kind === 'chapters' ? Promise.resolve(new Set<number>()) : this.answeredIds(viewer.id);
    // Each manual's index answers for its own; merged by score (stable: equal scores in the manuals' order).
    const merged = <Id>(lists: TermHit<Id>[][]) => lists.flat().sort((a, b) => b.score - a.score);
    const indexes = [...this.entries.values()];

    if (query.kind !== 'chapters') {
      const answered = await answeredP;
      const shown = (id: number) => {
        const g = this.gridRows.get(id);
        return Boolean(g && inManual(g.manual_id) && this.chapters.has(g.chapter_id));
      };
      // Each index's best already passed `shown`; merged, the best SEARCH_LIMIT of them.
      const found = merged(indexes.map((e) => e.grids.best(words, shown, SEARCH_LIMIT))).slice(0, SEARCH_LIMIT);
      for (const r of found) {
        const g = this.gridRows.get(r.id)!;
        const locked = g.premium && !viewer.premium;
        const base = { id: g.id, manual_id: g.manual_id, ...this.place(g.chapter_id), locked, answered: answered.has(g.id) };
        const hit: SearchGridHit = locked ? { ...base, statement: null, match: null } : { ...base, ...gridTexts(g, words) };
        out.grids.push(hit);
      }
    }
    if (query.kind !== 'grids') {
      // A manual has a few thousand paragraphs at most: each is sorted whole (locked chapters fold into one hit below).
      const found = merged(indexes.map((e) => e.passages.all(words)));
      const lockedChapters = new Set<number>();
      for (const r of found) {
        const p = this.passageRows.get(r.id);
        const c = p && this.chapters.get(p.chapter_id);
        if (!p || !c || !inManual(c.manual_id)) continue;
        const locked = (c.premium || p.stub) && !viewer.premium;
        // A locked chapter is listed once, as the server does.
        if (locked && lockedChapters.has(c.id)) continue;
        if (locked) lockedChapters.add(c.id);
        const hit: SearchPassageHit = { ...this.place(c.id), block: locked ? 0 : p.block, locked, passage: locked ? null : passageText(p.text, words) };
        out.passages.push(hit);
        if (out.passages.length === SEARCH_LIMIT) break;
      }
    }
    return out;
  }
}
