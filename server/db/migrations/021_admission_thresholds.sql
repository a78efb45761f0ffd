-- Admission thresholds (issue 9 §1, "beyond the anchors"): the last admitted grade per centre,
-- specialization and year, each with its source. Editable data (PUT /admin/admission-thresholds);
-- no row is seeded, because no figure is shown to candidates without a checked public source.
create table admission_thresholds (
  center_slug text not null references centers(slug) on update cascade on delete cascade,
  specialization_slug text not null references specializations(slug) on update cascade on delete cascade,
  year integer not null check (year between 2000 and 2100),
  -- the last admitted candidate's final grade (1–10 scale), state-funded places
  min_grade double precision not null check (min_grade >= 0 and min_grade <= 10),
  places integer check (places is null or places >= 0),
  source text not null check (length(source) between 3 and 1000),
  updated_by integer references users(id) on delete set null,
  updated_at timestamptz not null default now(),
  primary key (center_slug, specialization_slug, year)
);
