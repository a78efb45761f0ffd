-- Paper answer sheets (issue 9 §3). A candidate prints the sheet of a simulation (one per candidate
-- and simulation: its id is the QR code), fills it in, photographs it; each upload is a scan, read
-- off the request path by a pg-boss job, then confirmed (the uncertain marks) and graded into a
-- finished test of kind 'simulation' with source 'paper'.
create table scan_sheets (
  id uuid primary key,
  user_id integer not null references users(id) on delete cascade,
  simulation_id uuid not null references simulations(id) on delete cascade,
  -- rows printed on the sheet (the paper's grid count when it was printed)
  question_count integer not null check (question_count between 2 and 200),
  created_at timestamptz not null default now(),
  unique (user_id, simulation_id)
);

create table scans (
  id uuid primary key,
  sheet_id uuid not null references scan_sheets(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  -- queued → processing → review (uncertain marks to confirm) → graded; or failed with error_code
  status text not null default 'queued' check (status in ('queued', 'processing', 'review', 'graded', 'failed')),
  error_code text check (error_code is null or error_code ~ '^[A-Z_]{3,60}$'),
  image_count integer not null check (image_count between 1 and 4),
  -- the reading: [{ n, marked, uncertain, fills }] (server/modules/scans/omr/types.ts QuestionReading)
  reading jsonb,
  -- the graded test, once confirmed
  test_id uuid references tests(id) on delete set null,
  created_at timestamptz not null default now(),
  read_at timestamptz,
  graded_at timestamptz
);
create index scans_sheet on scans(sheet_id, created_at desc);
-- At most one scan of a sheet in the works: a second upload meanwhile is FORM_SCAN_ALREADY_PROCESSING.
create unique index scans_one_active on scans(sheet_id) where status in ('queued', 'processing', 'review');

-- The uploaded photos, kept only until they are read (the worker deletes them).
create table scan_images (
  scan_id uuid not null references scans(id) on delete cascade,
  position integer not null check (position between 1 and 4),
  data bytea not null,
  primary key (scan_id, position)
);

-- The crop of each row with an uncertain mark, shown on the review screen.
create table scan_crops (
  scan_id uuid not null references scans(id) on delete cascade,
  question integer not null check (question between 1 and 200),
  jpeg bytea not null,
  primary key (scan_id, question)
);

alter table tests drop constraint if exists tests_source_check;
alter table tests add constraint tests_source_check check (source in ('online', 'offline', 'paper'));
