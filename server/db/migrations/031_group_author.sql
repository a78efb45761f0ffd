-- Issue 22 §2: the history names who made a group test, not whoever holds the creator role now
-- (the role can be handed on). Earlier groups: the first member who joined without an invitation
-- (the author joins at creation, in the same transaction), else the current creator.
alter table group_tests add column author_id integer references users(id) on delete set null;
update group_tests t set author_id = coalesce(
  (select m.user_id from group_members m
    where m.group_id = t.id and m.invited_by is null and m.joined_at is not null
    order by m.joined_at, m.user_id limit 1),
  t.creator_id);
