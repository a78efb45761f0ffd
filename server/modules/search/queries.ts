// Content search in SQL (issue 30 §3): one statement per kind over the GIN indexes of migration 042
// (grids.search_tsv, search_passages.tsv), ranked by ts_rank. Only published grids of published
// manuals are found; a deleted grid or chapter is gone from both tables with its row.
import type { Db } from '../../db/db.ts';

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
    `with q as (select to_tsquery('simple', $1) as tq)
     select g.id, g.statement, g.options, g.explanation, g.is_premium, g.author_id,
            c.id as chapter_id, c.slug as chapter_slug, c.title as chapter_title,
            m.id as manual_id, m.slug as manual_slug, m.title as manual_title,
            exists (select 1 from answers a where a.user_id = $2 and a.grid_id = g.id and a.outcome <> 'blank') as answered
       from q, grids g
       join chapters c on c.id = g.chapter_id
       join manuals m on m.id = c.manual_id
      where g.search_tsv @@ q.tq and g.is_published and m.is_published
        and ($3::text is null or m.slug = $3)
      order by ts_rank(g.search_tsv, q.tq) desc, g.id
      limit $4`,
    [tsquery, userId, manual, limit],
  );
}

export function searchPassages(db: Db, tsquery: string, manual: string | null, limit: number) {
  return db.query<PassageHitRow>(
    `with q as (select to_tsquery('simple', $1) as tq)
     select p.chapter_id, p.block, p.text,
            c.slug as chapter_slug, c.title as chapter_title, c.is_premium as chapter_premium,
            m.slug as manual_slug, m.title as manual_title
       from q, search_passages p
       join chapters c on c.id = p.chapter_id
       join manuals m on m.id = c.manual_id
      where p.tsv @@ q.tq and m.is_published
        and ($2::text is null or m.slug = $2)
      order by ts_rank(p.tsv, q.tq) desc, c.sort, c.id, p.block
      limit $3`,
    [tsquery, manual, limit],
  );
}
