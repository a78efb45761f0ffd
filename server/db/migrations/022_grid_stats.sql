-- Item statistics (issue 9 §4): per grid, from every finished test's answers, the facility (share
-- answered right) and the discrimination (how well the grid separates strong from weak candidates:
-- the correlation between answering it right and the rest of that test's score). Recomputed in one
-- statement (server/modules/item-stats), so a read never scans all answers.
create table grid_stats (
  grid_id integer primary key references grids(id) on delete cascade,
  answers integer not null,
  facility double precision not null,
  -- null until enough answers with some spread (a constant column has no correlation)
  discrimination double precision,
  computed_at timestamptz not null default now()
);
create index grid_stats_quality on grid_stats(discrimination, facility);
