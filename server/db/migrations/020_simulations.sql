-- Simulations (issue 9 §1): a fixed paper built to a centre's format and published by an admin,
-- taken as a test of kind 'simulation' through the practice engine (timer, auto-submit, offline
-- sync all unchanged). The id is the public uuid (Medinsider links open a simulation by it).
create table simulations (
  id uuid primary key,
  title text not null,
  -- 'centre': a centre's mock exam; 'source': built from one question book; 'medinsider': a partner's paper
  kind text not null check (kind in ('centre', 'source', 'medinsider')),
  -- the scoring profile (= centre slug) the paper is built to and graded with
  profile_slug text not null references scoring_profiles(slug) on update cascade,
  -- the subject combination, e.g. {biologie,chimie}; one of the profile's subject_variants
  variant text[] not null,
  -- grids.source of the question book it was built from (kind 'source'); null otherwise
  source_book text,
  time_limit_s integer not null check (time_limit_s > 0),
  is_premium boolean not null default false,
  -- null bounds = always open on that side
  opens_at timestamptz,
  closes_at timestamptz,
  published_at timestamptz,
  created_by integer references users(id) on delete set null,
  created_at timestamptz not null default now(),
  check (opens_at is null or closes_at is null or opens_at < closes_at)
);
create index simulations_listing on simulations(profile_slug, kind) where published_at is not null;

-- The paper: its grids in exam order (position 1 = question 1).
create table simulation_grids (
  simulation_id uuid not null references simulations(id) on delete cascade,
  position integer not null check (position > 0),
  grid_id integer not null references grids(id) on delete restrict,
  primary key (simulation_id, position),
  unique (simulation_id, grid_id)
);

alter table tests drop constraint if exists tests_kind_check;
alter table tests add constraint tests_kind_check check (kind in ('custom', 'weak', 'review', 'sync', 'simulation'));
-- The simulation a test of kind 'simulation' takes (rank and percentile are among these tests).
alter table tests add column simulation_id uuid references simulations(id) on delete set null;
create index tests_simulation on tests(simulation_id, score desc) where status = 'finished' and simulation_id is not null;
