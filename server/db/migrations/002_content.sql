-- Course content: manual → chapter → grid. Imported by `npm run content:import`, keyed by slugs/keys.

create table chapters (
  id integer generated always as identity primary key,
  manual_id integer not null references manuals(id) on delete cascade,
  slug text not null,
  title text not null,
  summary text not null default '',
  sort integer not null default 0,
  -- Course text as typed blocks: [{type:'h2'|'h3'|'p'|'ul'|'ol'|'table'|'img'|'note', ...}]
  blocks jsonb not null default '[]',
  is_premium boolean not null default false,
  updated_at timestamptz not null default now(),
  unique (manual_id, slug)
);

create table grids (
  id integer generated always as identity primary key,
  key text unique, -- import key; null for user-authored grids
  chapter_id integer not null references chapters(id) on delete cascade,
  type text not null check (type in ('CS', 'CM', 'CG')),
  statement text not null,
  options jsonb not null, -- {"A": "...", ..., "E": "..."}
  correct text[] not null, -- letters, e.g. {B,D}
  explanation text not null default '',
  explanation_photo_path text,
  difficulty text not null check (difficulty in ('easy', 'hard')),
  source text not null default '',
  is_premium boolean not null default false,
  author_id integer references users(id) on delete set null,
  is_published boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index grids_chapter on grids(chapter_id);
create index grids_author on grids(author_id);
