-- Learning around the content of 002: favourites, grid reports, chapter progress, admin preview
-- links, the content-import ledger (cheap re-seeding) and server-generated secrets.

create table favorites (
  user_id integer not null references users(id) on delete cascade,
  grid_id integer not null references grids(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, grid_id)
);
create index favorites_grid on favorites(grid_id);

create table grid_reports (
  id integer generated always as identity primary key,
  grid_id integer not null references grids(id) on delete cascade,
  user_id integer references users(id) on delete set null,
  reason text not null,
  status text not null default 'open' check (status in ('open', 'resolved')),
  reply text,
  resolved_by integer references users(id) on delete set null,
  resolved_at timestamptz,
  created_at timestamptz not null default now()
);
create index grid_reports_status on grid_reports(status, created_at);
create index grid_reports_grid on grid_reports(grid_id);

create table user_chapter_progress (
  user_id integer not null references users(id) on delete cascade,
  chapter_id integer not null references chapters(id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, chapter_id)
);

-- Audit of the signed preview links admins hand out (the signature alone authorises).
create table grid_preview_links (
  id integer generated always as identity primary key,
  grid_id integer not null references grids(id) on delete cascade,
  created_by integer references users(id) on delete set null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

-- Which content files were imported with which hash: the demo seed skips unchanged files.
create table content_imports (
  name text primary key,
  hash text not null,
  counts jsonb not null default '{}',
  imported_at timestamptz not null default now()
);

-- Secrets generated once by the server when not configured (e.g. the preview-link HMAC key).
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);
