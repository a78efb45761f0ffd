// Content search (issue 30 §3): the words of the query, the ranked rows, and what each viewer may
// see of them. Highlights are ranges over plain text (the app wraps them in <mark> as text nodes),
// never HTML. A premium hit is still listed for a free user, locked: its place only, no text, the
// same line GET /grids/:id (403) and a locked chapter (no blocks) draw.
import type { Db } from '../../db/db.ts';
import type { Viewer } from '../content/viewer.ts';
import { SEARCH_LIMIT, searchWords, tsQueryOf, type SearchQueryOut } from '../../../src/shared/search-rules.ts';
import { gridTexts, passageText } from '../../../src/shared/search-hits.ts';
import type { SearchGridHit, SearchPassageHit, SearchResponse } from '../../../src/shared/search-payloads.ts';
import * as q from './queries.ts';

function gridHit(r: q.GridHitRow, viewer: NonNullable<Viewer>, words: string[]): SearchGridHit {
  const place = {
    manual: { slug: r.manual_slug, title: r.manual_title },
    chapter: { id: r.chapter_id, slug: r.chapter_slug, title: r.chapter_title },
  };
  const locked = r.is_premium && !viewer.premium && r.author_id !== viewer.id;
  if (locked) return { id: r.id, manual_id: r.manual_id, ...place, locked, statement: null, match: null, answered: r.answered };
  return { id: r.id, manual_id: r.manual_id, ...place, locked, ...gridTexts(r, words), answered: r.answered };
}

function passageHits(rows: q.PassageHitRow[], viewer: NonNullable<Viewer>, words: string[]): SearchPassageHit[] {
  const out: SearchPassageHit[] = [];
  const lockedChapters = new Set<number>();
  for (const r of rows) {
    const locked = r.chapter_premium && !viewer.premium;
    // A locked chapter is listed once (its paragraphs would be as many empty rows).
    if (locked && lockedChapters.has(r.chapter_id)) continue;
    if (locked) lockedChapters.add(r.chapter_id);
    out.push({
      manual: { slug: r.manual_slug, title: r.manual_title },
      chapter: { id: r.chapter_id, slug: r.chapter_slug, title: r.chapter_title },
      block: locked ? 0 : r.block,
      locked,
      passage: locked ? null : passageText(r.text, words),
    });
    if (out.length === SEARCH_LIMIT) break;
  }
  return out;
}

export async function search(db: Db, viewer: NonNullable<Viewer>, query: SearchQueryOut): Promise<SearchResponse> {
  const words = searchWords(query.q);
  const empty: SearchResponse = { q: query.q, words, grids: [], passages: [] };
  if (!words.length) return empty;
  const tsq = tsQueryOf(words);
  const manual = query.manual ?? null;
  const [grids, passages] = await q.withIndexScans(db, async (tx) => [
    query.kind === 'chapters' ? [] : await q.searchGrids(tx, tsq, viewer.id, manual, SEARCH_LIMIT),
    // Twice the page: a locked chapter's further paragraphs are folded into its first.
    query.kind === 'grids' ? [] : await q.searchPassages(tx, tsq, manual, SEARCH_LIMIT * 2),
  ] as const);
  return {
    ...empty,
    grids: grids.map((r) => gridHit(r, viewer, words)),
    passages: passageHits(passages, viewer, words),
  };
}
