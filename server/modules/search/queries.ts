// Content search in SQL (issue 30 §3): one statement per kind over the GIN indexes of migration 042
// (grids.search_tsv, search_passages.tsv), ranked by ts_rank among at most RANK_CANDIDATES matches.
// Only published grids of published manuals are found; a deleted grid or chapter is gone with its row.
import type { Db } from '../../db/db.ts';

/**
 * At most this many matches are ranked: ts_rank reads each match's whole vector, so a word found in
 * most of the bank ("de", "ce") would cost a pass over it. Below this the order is exact; above it,
 * the best of the first matches found (such a query is no one's target; a second word narrows it).
 */
export const RANK_CANDIDATES = 500;

/**
 * Runs the search statements with sequential scans discouraged (SET LOCAL, this transaction only).
 * The planner counts a match test as cheap and scans the whole table once a word is in a few per
 * cent of the rows, but each test reads (and decompresses) that row's vector: at 15,000 grids a
 * scan cost 250 ms where the GIN index's bitmap reads only the matching rows (issue 30 §3 bench).
 */
export function withIndexScans<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.tx(async (tx) => {
    await tx.query('set local enable_seqscan = off');
    return fn(tx);
  });
}

export type GridHitRow = {
  id: number;
  statement: string;
  options: Record<string, string>;
  explanation: string;
  is_premium: boolean;
  author_id: number | null;
  chapter_id: number;
  chapter_slug: string;
  chapter_title: string;
  manual_id: number;
  manual_slug: string;
  manual_title: string;
  answered: boolean;
};

export type PassageHitRow = {
  chapter_id: number;
  block: number;
  text: string;
  chapter_slug: string;
  chapter_title: string;
  chapter_premium: boolean;
  manual_slug: string;
  manual_title: string;
};

export function searchGrids(db: Db, tsquery: string, userId: number, manual: string | null, limit: number) {
  return db.query<GridHitRow>(
    `with q as (select to_tsquery('simple', $1) as tq),
     found as (
       select g.id, ts_rank(g.search_tsv, q.tq) as rank
         from q, grids g
         join chapters c on c.id = g.chapter_id
         join manuals m on m.id = c.manual_id
        where g.search_tsv @@ q.tq and g.is_published and m.is_published
          and ($3::text is null or m.slug = $3)
        limit ${RANK_CANDIDATES}
     ),
     top as (select id, rank from found order by rank desc, id limit $4)
     select g.id, g.statement, g.options, g.explanation, g.is_premium, g.author_id,
            c.id as chapter_id, c.slug as chapter_slug, c.title as chapter_title,
            m.id as manual_id, m.slug as manual_slug, m.title as manual_title,
            exists (select 1 from answers a where a.user_id = $2 and a.grid_id = g.id and a.outcome <> 'blank') as answered
       from top
       join grids g on g.id = top.id
       join chapters c on c.id = g.chapter_id
       join manuals m on m.id = c.manual_id
      order by top.rank desc, g.id`,
    [tsquery, userId, manual, limit],
  );
}

export function searchPassages(db: Db, tsquery: string, manual: string | null, limit: number) {
  return db.query<PassageHitRow>(
    `with q as (select to_tsquery('simple', $1) as tq),
     found as (
       select p.chapter_id, p.block, ts_rank(p.tsv, q.tq) as rank
         from q, search_passages p
         join chapters c on c.id = p.chapter_id
         join manuals m on m.id = c.manual_id
        where p.tsv @@ q.tq and m.is_published
          and ($2::text is null or m.slug = $2)
        limit ${RANK_CANDIDATES}
     ),
     top as (select chapter_id, block, rank from found order by rank desc, chapter_id, block limit $3)
     select p.chapter_id, p.block, p.text,
            c.slug as chapter_slug, c.title as chapter_title, c.is_premium as chapter_premium,
            m.slug as manual_slug, m.title as manual_title
       from top
       join search_passages p on p.chapter_id = top.chapter_id and p.block = top.block
       join chapters c on c.id = p.chapter_id
       join manuals m on m.id = c.manual_id
      order by top.rank desc, c.sort, c.id, p.block`,
    [tsquery, manual, limit],
  );
}
