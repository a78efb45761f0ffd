-- Each candidate's share fully right per chapter and per subject (manual), for the percentile of
-- /statistici (issue 31 §2). Computing it on every GET /stats added up every candidate's answers:
-- 2 s at 5,000 candidates and 600,000 answers (issue 30 §1). Refreshed with the item statistics
-- (hourly on every process and by an admin); only candidates with enough answers there are kept.
create table peer_accuracy (
  level text not null check (level in ('chapter', 'manual')),
  k integer not null,
  user_id integer not null references users (id) on delete cascade,
  n integer not null check (n > 0),
  acc double precision not null check (acc >= 0 and acc <= 1),
  computed_at timestamptz not null default now(),
  primary key (level, k, user_id)
);
create index peer_accuracy_rank on peer_accuracy (level, k, acc);
create index peer_accuracy_user on peer_accuracy (user_id);
