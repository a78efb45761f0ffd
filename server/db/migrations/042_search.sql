-- Content search (issue 30 §3): full-text search with the 'simple' configuration over text
-- folded by search_fold() (diacritics by translate() over the friends search's letters, FOLD_FROM/FOLD_TO
-- of src/shared/friend-rules.ts, then lower case), so the same SQL runs on PGlite and PostgreSQL with no
-- extension (concat_ws is only stable, hence the || chains). A grid's vector is a generated column (statement A, options B, explanation C); a chapter's
-- paragraphs are rows of search_passages, rewritten by a trigger whenever its blocks are written, so no
-- import or edit path can leave the index behind.
create function search_fold(t text) returns text language sql immutable parallel safe
  as $$ select lower(translate(t, 'ĂÂÎȘŞȚŢăâîșşțţÁÉÍÓÖŐÚÜŰáéíóöőúüű', 'AAISSTTaaissttAEIOOOUUUaeiooouuu')) $$;

alter table grids add column search_tsv tsvector generated always as (
  setweight(to_tsvector('simple', search_fold(statement)), 'A') ||
  setweight(to_tsvector('simple', search_fold(coalesce(options->>'A', '') || ' ' || coalesce(options->>'B', '') || ' ' || coalesce(options->>'C', '') || ' ' || coalesce(options->>'D', '') || ' ' || coalesce(options->>'E', ''))), 'B') ||
  setweight(to_tsvector('simple', search_fold(explanation)), 'C')
) stored;
create index grids_search on grids using gin (search_tsv);

-- One row per searchable block of a chapter (block = its index in chapters.blocks, the page's #p-{block}).
create table search_passages (
  chapter_id integer not null references chapters(id) on delete cascade,
  block integer not null,
  kind text not null,
  text text not null,
  tsv tsvector generated always as (
    setweight(to_tsvector('simple', search_fold(text)), case when kind in ('h2', 'h3') then 'A'::"char" else 'D'::"char" end)
  ) stored,
  primary key (chapter_id, block)
);
create index search_passages_tsv on search_passages using gin (tsv);

-- The text a reader sees in a block: headings and paragraphs, list items, a table's caption and cells, a figure's alt and caption.
create function search_block_text(b jsonb) returns text language sql immutable as $$
  select case b->>'type'
    when 'ul' then (select string_agg(x, ' ') from jsonb_array_elements_text(b->'items') x)
    when 'ol' then (select string_agg(x, ' ') from jsonb_array_elements_text(b->'items') x)
    when 'table' then concat_ws(' ', b->>'caption',
      (select string_agg(x, ' ') from jsonb_array_elements_text(b->'head') x),
      (select string_agg(x, ' ') from jsonb_array_elements(b->'rows') r, jsonb_array_elements_text(r) x))
    when 'img' then concat_ws(' ', b->>'alt', b->>'caption')
    else b->>'text' end
$$;

create function search_chapter_passages(cid integer, blocks jsonb) returns void language sql as $$
  delete from search_passages where chapter_id = cid;
  insert into search_passages (chapter_id, block, kind, text)
  select cid, (b.ord - 1)::int, coalesce(b.v->>'type', ''), t.text
    from jsonb_array_elements(case when jsonb_typeof(blocks) = 'array' then blocks else '[]'::jsonb end) with ordinality as b(v, ord),
         lateral (select search_block_text(b.v) as text) t
   where coalesce(t.text, '') <> '';
$$;

create function search_passages_sync() returns trigger language plpgsql as $$
begin
  perform search_chapter_passages(new.id, new.blocks);
  return null;
end
$$;
create trigger chapters_search after insert or update of blocks on chapters
  for each row execute function search_passages_sync();

select search_chapter_passages(id, blocks) from chapters;
