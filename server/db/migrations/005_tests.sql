-- Tests engine: tests, their grids and answers (client-generated UUIDs so offline work syncs
-- idempotently), spaced-repetition cards (ts-fsrs state) and per-centre scoring profiles.

create table scoring_profiles (
  slug text primary key,
  -- the whole ScoringProfile of src/shared/scoring.ts (ranges, type rules, final formula, variants)
  profile jsonb not null,
  updated_by integer references users(id) on delete set null,
  updated_at timestamptz not null default now()
);

create table tests (
  id uuid primary key,
  user_id integer not null references users(id) on delete cascade,
  mode text not null check (mode in ('tutor', 'exam')),
  status text not null default 'unfinished' check (status in ('unfinished', 'finished', 'abandoned')),
  -- why it ended: 'user' (finish), 'expired' (time ran out), 'sync' (finished offline)
  finish_reason text check (finish_reason in ('user', 'expired', 'sync')),
  kind text not null default 'custom' check (kind in ('custom', 'weak', 'review', 'sync')),
  manual_id integer references manuals(id) on delete set null,
  filters jsonb not null default '{}',
  grid_count integer not null,
  -- sha256 of the sorted grid ids: tests with the same hash are "the same test" for the ranking
  grid_set_hash text not null,
  time_limit_s integer check (time_limit_s is null or time_limit_s > 0),
  remaining_s integer,
  started_at timestamptz not null default now(),
  last_activity_at timestamptz not null default now(),
  finished_at timestamptz,
  score double precision,
  max_score double precision,
  grade double precision,
  profile_slug text,
  -- score under the reference profile (Timișoara rules), so users of different centres rank fairly
  rank_score double precision,
  source text not null default 'online' check (source in ('online', 'offline')),
  created_at timestamptz not null default now()
);
create index tests_user on tests(user_id, created_at desc);
create index tests_user_status on tests(user_id, status);
create index tests_ranking on tests(grid_set_hash, score desc) where status = 'finished';

create table test_grids (
  test_id uuid not null references tests(id) on delete cascade,
  position integer not null,
  grid_id integer not null references grids(id) on delete cascade,
  primary key (test_id, position),
  unique (test_id, grid_id)
);

create table answers (
  id uuid primary key,
  test_id uuid not null references tests(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  grid_id integer not null references grids(id) on delete cascade,
  marked text[] not null default '{}',
  flagged boolean not null default false,
  time_ms integer,
  -- right | partial | wrong | blank (gridOutcome of src/shared/scoring.ts), for stats and review
  outcome text not null default 'blank' check (outcome in ('right', 'partial', 'wrong', 'blank')),
  -- set once this answer has updated the user's spaced-repetition card
  reviewed_at timestamptz,
  answered_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (test_id, grid_id)
);
create index answers_user_grid on answers(user_id, grid_id, answered_at desc);
create index answers_user_time on answers(user_id, answered_at);

create table srs_cards (
  user_id integer not null references users(id) on delete cascade,
  grid_id integer not null references grids(id) on delete cascade,
  state jsonb not null, -- ts-fsrs Card
  due timestamptz not null,
  last_review timestamptz,
  updated_at timestamptz not null default now(),
  primary key (user_id, grid_id)
);
create index srs_cards_due on srs_cards(user_id, due);

-- Default profiles: the JSON of src/shared/scoring-profiles.ts (tests/unit/scoring.test.ts checks they agree).
insert into scoring_profiles (slug, profile) values
  ('timisoara', '{"slug":"timisoara","name":"UMF „Victor Babeș” Timișoara","known":true,"source":"Metodologia UMF Timișoara (2019–2020): 90 de întrebări, 3 ore; Q1–60 biologie CM (1 p, punctaj parțial m/k, 0 la orice variantă greșită); Q61–90 chimie organică CS (Q61–75 1 p, Q76–85 0,5 p, Q86–90 2 p); +10 puncte din oficiu; total/10, trunchiat la 2 zecimale; promovare ≥ 5.","question_count":90,"time_limit_min":180,"ranges":[{"from":1,"to":60,"type":"CM","rule":"proportional_zero_on_wrong","points":1,"subject":"biologie"},{"from":61,"to":75,"type":"CS","rule":"all_or_nothing","points":1,"subject":"chimie"},{"from":76,"to":85,"type":"CS","rule":"all_or_nothing","points":0.5,"subject":"chimie"},{"from":86,"to":90,"type":"CS","rule":"all_or_nothing","points":2,"subject":"chimie"}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"proportional_zero_on_wrong","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":10,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('bucuresti', '{"slug":"bucuresti","name":"UMF „Carol Davila” București","known":false,"source":"100 de întrebări, 3 ore, maximum 100 de puncte, biologie + chimie organică. Împărțirea pe materii și regula de punctare nu au fost găsite: presupunem 1 p per întrebare, totul sau nimic.","question_count":100,"time_limit_min":180,"ranges":[{"from":1,"to":100,"type":"CM","rule":"all_or_nothing","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"all_or_nothing","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('cluj-napoca', '{"slug":"cluj-napoca","name":"UMF „Iuliu Hațieganu” Cluj-Napoca","known":false,"source":"Test de 2 ore, rezultate în aceeași zi pe scala 1–10, biologie + chimie. Centru cu punctaje parțiale; numărul de întrebări și barema nu au fost găsite: presupunem 100 de întrebări, 1 p, parțial m/k.","question_count":null,"time_limit_min":120,"ranges":[{"from":1,"to":100,"type":"CM","rule":"proportional_zero_on_wrong","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"proportional_zero_on_wrong","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('iasi', '{"slug":"iasi","name":"UMF „Grigore T. Popa” Iași","known":false,"source":"3 ore; Medicină/Medicină dentară: biologie XI (60%) + chimie organică sau fizică (40%); media finală = 100% test din 2022. Numărul de întrebări și regula de punctare nu au fost găsite (presupunem 100, 1 p, totul sau nimic).","question_count":null,"time_limit_min":180,"ranges":[{"from":1,"to":60,"type":"CM","rule":"all_or_nothing","points":1,"subject":"biologie"},{"from":61,"to":100,"type":"CM","rule":"all_or_nothing","points":1,"subject":"chimie"}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"all_or_nothing","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"],["biologie","fizica"]]}'),
  ('targu-mures', '{"slug":"targu-mures","name":"UMFST „George Emil Palade” Târgu Mureș","known":false,"source":"100 de întrebări, 3 ore, o singură materie (biologie sau chimie); media = 90% test + 10% bacalaureat; la Farmacie 5 variante, una corectă. Regula de punctare la Medicină nu a fost găsită (presupunem 1 p, totul sau nimic).","question_count":100,"time_limit_min":180,"ranges":[{"from":1,"to":100,"type":"CM","rule":"all_or_nothing","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"all_or_nothing","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0.1},"subject_variants":[["biologie"],["chimie"]]}'),
  ('craiova', '{"slug":"craiova","name":"UMF Craiova","known":false,"source":"3 ore (2 ore pentru testele de 50 de întrebări), 5 variante; foaie de răspuns autocopiativă. Centru cu punctaje parțiale; materiile și barema nu au fost găsite (presupunem 100 de întrebări, 1 p, parțial m/k).","question_count":null,"time_limit_min":180,"ranges":[{"from":1,"to":100,"type":"CM","rule":"proportional_zero_on_wrong","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"proportional_zero_on_wrong","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('constanta', '{"slug":"constanta","name":"Universitatea „Ovidius” Constanța","known":false,"source":"100 de întrebări, 3 ore: biologie 75% + chimie organică sau fizică 25%; departajare după media de bacalaureat. Centru cu punctaje parțiale; barema exactă nu a fost găsită (presupunem 1 p, parțial m/k).","question_count":100,"time_limit_min":180,"ranges":[{"from":1,"to":75,"type":"CM","rule":"proportional_zero_on_wrong","points":1,"subject":"biologie"},{"from":76,"to":100,"type":"CM","rule":"proportional_zero_on_wrong","points":1,"subject":"chimie"}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"proportional_zero_on_wrong","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"],["biologie","fizica"]]}'),
  ('sibiu', '{"slug":"sibiu","name":"Universitatea „Lucian Blaga” Sibiu","known":false,"source":"Centru cu punctaje parțiale; formatul examenului nu a fost găsit (presupunem 100 de întrebări, 3 ore, 1 p, parțial m/k).","question_count":null,"time_limit_min":180,"ranges":[{"from":1,"to":100,"type":"CM","rule":"proportional_zero_on_wrong","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"proportional_zero_on_wrong","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('galati', '{"slug":"galati","name":"Universitatea „Dunărea de Jos” Galați","known":false,"source":"100 de întrebări, 3 ore: 60 biologie XI + 40 chimie organică; media = 100% test. Regula de punctare nu a fost găsită (presupunem 1 p, totul sau nimic).","question_count":100,"time_limit_min":180,"ranges":[{"from":1,"to":60,"type":"CM","rule":"all_or_nothing","points":1,"subject":"biologie"},{"from":61,"to":100,"type":"CM","rule":"all_or_nothing","points":1,"subject":"chimie"}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"all_or_nothing","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"]]}'),
  ('oradea', '{"slug":"oradea","name":"Universitatea din Oradea","known":false,"source":"Informații parțiale; la Medicină dentară biologie sau chimie organică. Formatul nu a fost găsit (presupunem 100 de întrebări, 3 ore, 1 p, totul sau nimic).","question_count":null,"time_limit_min":180,"ranges":[{"from":1,"to":100,"type":"CM","rule":"all_or_nothing","points":1}],"type_rules":{"CS":{"rule":"all_or_nothing","points":1},"CM":{"rule":"all_or_nothing","points":1},"CG":{"rule":"all_or_nothing","points":1}},"final":{"attendance_points":0,"scale_divisor":10,"truncate_decimals":2,"pass_mark":5,"bac_share":0},"subject_variants":[["biologie","chimie"],["biologie"],["chimie"]]}');
