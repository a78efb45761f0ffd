-- Measured difficulty (issue 31 §2): per grid, how many candidates gave a first answer to it and
-- how many of those first answers were fully right (one per candidate: the earliest final answer,
-- from a finished test or a tutor test, where an answer is final once given). Recomputed with the
-- facility by the same statement (server/modules/item-stats/queries.ts). A grid answered only in
-- short tests has first answers but no facility (the facility leaves those tests out), so the
-- facility may now be null.
alter table grid_stats alter column facility drop not null;
alter table grid_stats add column first_answers integer not null default 0;
alter table grid_stats add column first_right integer not null default 0;
