-- Personal notes per grid (one per user and grid, private to its author) and the client's id on
-- grid reports, so a report queued offline and retried is stored once (issue 11 §4.4, §5).
create table grid_notes (
  user_id integer not null references users(id) on delete cascade,
  grid_id integer not null references grids(id) on delete cascade,
  body text not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, grid_id)
);

alter table grid_reports add column client_id uuid;
create unique index grid_reports_client on grid_reports(user_id, client_id) where client_id is not null;
