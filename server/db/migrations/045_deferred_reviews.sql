-- A finished test's spaced-repetition reviews leave the finish request (issue 32 §6): the finish
-- stores the grade and score and marks the test reviews_pending; a pg-boss job (or the user's next
-- review read, whichever comes first) reviews its answers and clears the mark, once
-- (server/modules/review/deferred.ts). The partial index keeps "has this user anything pending?"
-- an index probe on an empty set almost always.
alter table tests add column reviews_pending boolean not null default false;
create index tests_reviews_pending on tests(user_id) where reviews_pending;
