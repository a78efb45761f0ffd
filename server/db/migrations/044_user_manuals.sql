-- A profile holds one or more manuals (issue 32 §5): most centres test biology and chemistry
-- together. manual_ids is the candidate's choice in the list's order; manual_id stays its first, so
-- what reads one manual (the test builder's default, groups, search, stats) keeps working.
alter table users add column manual_ids integer[] not null default '{}';
update users set manual_ids = array[manual_id] where manual_id is not null;
