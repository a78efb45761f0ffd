-- Study plan (issue 31 §1): exam dates an administrator keeps per centre and year, the candidate's
-- plan settings (centres with their exam date, minutes per weekday, an optional reminder hour), and
-- the last plan computed, to tell the next day what changed.

create table exam_dates (
  profile_slug text not null references scoring_profiles(slug) on update cascade on delete cascade,
  year integer not null check (year between 2000 and 2200),
  exam_date date not null check (extract(year from exam_date) = year),
  -- where the date comes from (the university's methodology), or why it is only a demo value
  source text not null default '',
  is_demo boolean not null default false,
  updated_by integer references users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (profile_slug, year)
);

-- Demo values, not the universities' calendars: admission exams fall in the second half of July,
-- several centres in one week. An administrator replaces them (PUT /admin/exam-dates/:slug/:year).
insert into exam_dates (profile_slug, year, exam_date, source, is_demo)
select s.slug, 2027, d.exam_date::date, 'Date demonstrative (nu calendarul oficial al universității).', true
  from (values ('bucuresti', '2027-07-18'), ('timisoara', '2027-07-20'), ('cluj-napoca', '2027-07-21'),
               ('iasi', '2027-07-22'), ('targu-mures', '2027-07-23'), ('craiova', '2027-07-24'),
               ('constanta', '2027-07-25'), ('sibiu', '2027-07-26'), ('galati', '2027-07-27'),
               ('oradea', '2027-07-28')) as d(slug, exam_date)
  join scoring_profiles s on s.slug = d.slug
on conflict do nothing;

create table plan_settings (
  user_id integer primary key references users(id) on delete cascade,
  -- Monday first
  week_minutes integer[] not null check (cardinality(week_minutes) = 7 and 0 <= all(week_minutes) and 600 >= all(week_minutes)),
  reminder_hour smallint check (reminder_hour between 0 and 23),
  updated_at timestamptz not null default now()
);

create table plan_centres (
  user_id integer not null references users(id) on delete cascade,
  profile_slug text not null references scoring_profiles(slug) on update cascade on delete cascade,
  exam_date date not null,
  primary key (user_id, profile_slug)
);

-- The plan as computed on made_on (its days), and the progress measured that day against the one
-- before: kept so a later day compares with what was asked, and the same day shows the same line.
create table plan_snapshots (
  user_id integer primary key references users(id) on delete cascade,
  made_on date not null,
  days jsonb not null,
  progress jsonb,
  updated_at timestamptz not null default now()
);
