-- The pause between a group test's grids, chosen by its creator (issue 32 §2): long enough to read
-- the five options, the key and the explanation. Earlier groups keep the 4 s they ran with.
alter table group_tests add column pause_s integer not null default 4 check (pause_s between 4 and 60);
