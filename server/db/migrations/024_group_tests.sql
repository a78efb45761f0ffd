-- Group tests (issue 10): a creator and invited friends solve the same grids at the same time.
-- The server owns the state machine (lobby → running → finished, or stopped) and the clock: one
-- grid is open at a time, from grid_opened_at to grid_closes_at (set by the server when the grid
-- opens). Every change locks the group row (select … for update), so start, kick, stop, answers
-- and the grid clock are serialised per group across processes.
create table group_tests (
  id integer generated always as identity primary key,
  hash text not null unique,          -- the lobby's address /grup/{hash}
  access_code text not null unique,   -- the shareable invitation code
  creator_id integer not null references users(id) on delete cascade,
  manual_id integer references manuals(id) on delete set null,
  filters jsonb not null default '{}'::jsonb,
  status text not null default 'lobby' check (status in ('lobby', 'running', 'finished', 'stopped')),
  grid_count integer not null check (grid_count between 1 and 200),
  per_grid_s integer not null check (per_grid_s between 10 and 3600),
  position integer,                   -- the open grid (1-based) while running
  grid_opened_at timestamptz,
  grid_closes_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz
);
create index group_tests_creator on group_tests(creator_id);

-- The grids in order, each with the scoring rule frozen when the group was made (same for all).
create table group_test_grids (
  group_id integer not null references group_tests(id) on delete cascade,
  position integer not null,
  grid_id integer not null references grids(id) on delete cascade,
  rule jsonb not null,
  closed_at timestamptz,              -- set when the grid closes: its answers may then be shown
  primary key (group_id, position)
);

-- A member row per invited or joined user. kicked is final (no rejoin); left may come back by code
-- only while the group is in the lobby.
create table group_members (
  group_id integer not null references group_tests(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  status text not null check (status in ('invited', 'joined', 'kicked', 'left')),
  ready boolean not null default false,
  invited_by integer references users(id) on delete set null,
  joined_at timestamptz,
  reviewed_at timestamptz,            -- missed grids sent to the review queue once
  primary key (group_id, user_id)
);
create index group_members_user on group_members(user_id, status);

-- One answer per member per grid (the primary key turns a double submit into a no-op).
create table group_answers (
  id uuid not null unique,
  group_id integer not null references group_tests(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  position integer not null,
  grid_id integer not null references grids(id) on delete cascade,
  marked text[] not null,
  points numeric not null,
  outcome text not null check (outcome in ('right', 'partial', 'wrong', 'blank')),
  received_at timestamptz not null,
  primary key (group_id, user_id, position)
);
