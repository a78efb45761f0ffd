-- Each candidate's own answers counted per chapter and per Romanian day (issue 30 §1): GET /stats and
-- POST /tests/weak grouped a candidate's whole history on every request (100,000 answers joined to
-- grids, chapters and manuals: ≈ 80 ms on PostgreSQL). The counts are kept by triggers on answers, so
-- every path that writes one is covered alike (an answer saved online, an offline batch synced late
-- and re-scored, a paper sheet graded, a test deleted, an account erased by cascade, SQL by hand),
-- and by a trigger on grids for a grid moved to another chapter. Triggers are statement-level with
-- transition tables: a batch of 600 synced answers (or a bench's 600,000) is one grouped upsert.
-- Blank answers are no answer (as the statistics always counted); rows may fall to 0 and stay.

create table user_chapter_answers (
  user_id integer not null references users (id) on delete cascade,
  chapter_id integer not null references chapters (id) on delete cascade,
  answered integer not null default 0,
  right_n integer not null default 0,
  partial_n integer not null default 0,
  wrong_n integer not null default 0,
  -- sum and count of time_ms over the answered ones that have a time (the average of /stats)
  time_sum bigint not null default 0,
  time_n integer not null default 0,
  primary key (user_id, chapter_id)
);

-- Per day in Europe/Bucharest (the days of /statistici's progress chart).
create table user_answer_days (
  user_id integer not null references users (id) on delete cascade,
  day date not null,
  answered integer not null default 0,
  right_n integer not null default 0,
  primary key (user_id, day)
);

-- Adds (sign 1) or takes away (sign -1) the given answers' counts. The grids are locked FOR SHARE
-- (in id order) before their chapter is read: a grid being moved by another transaction holds FOR NO
-- KEY UPDATE, so this waits for the move and then reads the new chapter; a move that starts later
-- waits for this commit and then moves these answers too (an answer's own foreign key check takes
-- only FOR KEY SHARE, which a move does not wait for). Taking away touches only rows that exist: when
-- an account is erased its rows may be gone already, and a new row would point at no user.
create function answer_counts_add(
  p_user integer[], p_grid integer[], p_outcome text[], p_time integer[], p_at timestamptz[], p_sign integer
) returns void language plpgsql as $$
begin
  with d as (
    select * from unnest(p_user, p_grid, p_outcome, p_time, p_at) as d(user_id, grid_id, outcome, time_ms, answered_at)
     where d.outcome <> 'blank'
  ), locked as (
    select g.id, g.chapter_id from grids g where g.id in (select grid_id from d) order by g.id for share
  ), per as (
    select d.user_id, l.chapter_id, p_sign * count(*)::int as answered,
           p_sign * count(*) filter (where d.outcome = 'right')::int as right_n,
           p_sign * count(*) filter (where d.outcome = 'partial')::int as partial_n,
           p_sign * count(*) filter (where d.outcome = 'wrong')::int as wrong_n,
           p_sign * coalesce(sum(d.time_ms), 0)::bigint as time_sum, p_sign * count(d.time_ms)::int as time_n
      from d join locked l on l.id = d.grid_id
     group by d.user_id, l.chapter_id
  )
  insert into user_chapter_answers as t (user_id, chapter_id, answered, right_n, partial_n, wrong_n, time_sum, time_n)
  select * from per
   where p_sign > 0 or exists (select 1 from user_chapter_answers x where x.user_id = per.user_id and x.chapter_id = per.chapter_id)
   order by user_id, chapter_id
  on conflict (user_id, chapter_id) do update
     set answered = t.answered + excluded.answered, right_n = t.right_n + excluded.right_n,
         partial_n = t.partial_n + excluded.partial_n, wrong_n = t.wrong_n + excluded.wrong_n,
         time_sum = t.time_sum + excluded.time_sum, time_n = t.time_n + excluded.time_n;

  with per as (
    select d.user_id, (d.answered_at at time zone 'Europe/Bucharest')::date as day, p_sign * count(*)::int as answered,
           p_sign * count(*) filter (where d.outcome = 'right')::int as right_n
      from unnest(p_user, p_outcome, p_at) as d(user_id, outcome, answered_at)
     where d.outcome <> 'blank'
     group by 1, 2
  )
  insert into user_answer_days as t (user_id, day, answered, right_n)
  select * from per
   where p_sign > 0 or exists (select 1 from user_answer_days x where x.user_id = per.user_id and x.day = per.day)
   order by user_id, day
  on conflict (user_id, day) do update set answered = t.answered + excluded.answered, right_n = t.right_n + excluded.right_n;
end $$;

-- One statement's change on answers (transition tables: a synced batch of 600 answers, or a bench's
-- 600,000, is one grouped upsert). An update that leaves the counted columns alone (reviewed_at,
-- flagged, marked with the same outcome) changes nothing. The transition tables are only named in
-- the branch of their event (plpgsql parses a statement when it first runs).
create function answer_counts_apply() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform answer_counts_add(array_agg(user_id), array_agg(grid_id), array_agg(outcome), array_agg(time_ms), array_agg(answered_at), 1)
       from answer_counts_new where outcome <> 'blank' having count(*) > 0;
  elsif tg_op = 'DELETE' then
    perform answer_counts_add(array_agg(user_id), array_agg(grid_id), array_agg(outcome), array_agg(time_ms), array_agg(answered_at), -1)
       from answer_counts_old where outcome <> 'blank' having count(*) > 0;
  else
    perform answer_counts_add(array_agg(o.user_id), array_agg(o.grid_id), array_agg(o.outcome), array_agg(o.time_ms), array_agg(o.answered_at), -1)
       from answer_counts_old o join answer_counts_new n on n.id = o.id
      where o.outcome <> 'blank'
        and (n.outcome, n.time_ms, n.answered_at, n.user_id, n.grid_id) is distinct from (o.outcome, o.time_ms, o.answered_at, o.user_id, o.grid_id)
     having count(*) > 0;
    perform answer_counts_add(array_agg(n.user_id), array_agg(n.grid_id), array_agg(n.outcome), array_agg(n.time_ms), array_agg(n.answered_at), 1)
       from answer_counts_old o join answer_counts_new n on n.id = o.id
      where n.outcome <> 'blank'
        and (n.outcome, n.time_ms, n.answered_at, n.user_id, n.grid_id) is distinct from (o.outcome, o.time_ms, o.answered_at, o.user_id, o.grid_id)
     having count(*) > 0;
  end if;
  return null;
end $$;

create trigger answers_counts_insert after insert on answers
  referencing new table as answer_counts_new for each statement execute function answer_counts_apply();
create trigger answers_counts_update after update on answers
  referencing old table as answer_counts_old new table as answer_counts_new for each statement execute function answer_counts_apply();
create trigger answers_counts_delete after delete on answers
  referencing old table as answer_counts_old for each statement execute function answer_counts_apply();

-- A grid moved to another chapter takes its answers' counts along (every candidate's). A row trigger
-- notes each grid that really moves (in grid_moves_pending, whose rows live only inside the moving
-- statement), and the statement trigger moves their counts in one pass over the answers. Not
-- transition tables here: they would copy every updated grid, text and search vector included, and
-- joining the old and new copies of a bulk update (15,000 grids) took minutes; an edit or an import
-- that moves nothing now costs the row trigger's WHEN test and one look at an empty table. The grids'
-- rows are locked by the update itself, so an answer written meanwhile waits (see above).
create table grid_moves_pending (
  grid_id integer not null,
  from_ch integer not null,
  to_ch integer not null
);

create function grid_move_note() returns trigger language plpgsql as $$
begin
  insert into grid_moves_pending (grid_id, from_ch, to_ch) values (new.id, old.chapter_id, new.chapter_id);
  return null;
end $$;

create function grid_move_answer_counts() returns trigger language plpgsql as $$
begin
  with moved as (
    delete from grid_moves_pending returning grid_id, from_ch, to_ch
  ), counted as (
    select a.user_id, m.from_ch, m.to_ch, count(*)::int as answered,
           count(*) filter (where a.outcome = 'right')::int as right_n,
           count(*) filter (where a.outcome = 'partial')::int as partial_n,
           count(*) filter (where a.outcome = 'wrong')::int as wrong_n,
           coalesce(sum(a.time_ms), 0)::bigint as time_sum, count(a.time_ms)::int as time_n
      from answers a join moved m on m.grid_id = a.grid_id
     where a.outcome <> 'blank'
     group by 1, 2, 3
  ), per as (
    select user_id, chapter_id, sum(answered)::int as answered, sum(right_n)::int as right_n, sum(partial_n)::int as partial_n,
           sum(wrong_n)::int as wrong_n, sum(time_sum)::bigint as time_sum, sum(time_n)::int as time_n
      from (select user_id, from_ch as chapter_id, -answered as answered, -right_n as right_n, -partial_n as partial_n,
                   -wrong_n as wrong_n, -time_sum as time_sum, -time_n as time_n from counted
            union all
            select user_id, to_ch, answered, right_n, partial_n, wrong_n, time_sum, time_n from counted) x
     group by 1, 2
  )
  insert into user_chapter_answers as t (user_id, chapter_id, answered, right_n, partial_n, wrong_n, time_sum, time_n)
  select * from per where (answered, right_n, partial_n, wrong_n, time_sum, time_n) <> (0, 0, 0, 0, 0, 0)
   order by user_id, chapter_id
  on conflict (user_id, chapter_id) do update
     set answered = t.answered + excluded.answered, right_n = t.right_n + excluded.right_n,
         partial_n = t.partial_n + excluded.partial_n, wrong_n = t.wrong_n + excluded.wrong_n,
         time_sum = t.time_sum + excluded.time_sum, time_n = t.time_n + excluded.time_n;
  return null;
end $$;

create trigger grids_move_note after update of chapter_id on grids
  for each row when (old.chapter_id is distinct from new.chapter_id) execute function grid_move_note();
create trigger grids_move_answer_counts after update on grids for each statement execute function grid_move_answer_counts();

-- The answers there already (the triggers above hold answers' writers back until this commits).
insert into user_chapter_answers (user_id, chapter_id, answered, right_n, partial_n, wrong_n, time_sum, time_n)
select a.user_id, g.chapter_id, count(*)::int, count(*) filter (where a.outcome = 'right')::int,
       count(*) filter (where a.outcome = 'partial')::int, count(*) filter (where a.outcome = 'wrong')::int,
       coalesce(sum(a.time_ms), 0)::bigint, count(a.time_ms)::int
  from answers a join grids g on g.id = a.grid_id
 where a.outcome <> 'blank'
 group by 1, 2;

insert into user_answer_days (user_id, day, answered, right_n)
select a.user_id, (a.answered_at at time zone 'Europe/Bucharest')::date, count(*)::int, count(*) filter (where a.outcome = 'right')::int
  from answers a
 where a.outcome <> 'blank'
 group by 1, 2;
