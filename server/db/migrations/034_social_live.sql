-- Social screens that stay true (issue 23 §3).

-- Whom a notification is about (the person who sent a friend request, say): when that request is
-- answered or withdrawn, its notification is read or removed instead of staying as if still open.
-- Null for notifications about no one in particular (announcements, reports, payments).
alter table notifications add column subject_user_id integer references users(id) on delete cascade;
create index notifications_subject on notifications(user_id, subject_user_id) where subject_user_id is not null;

-- What to call the person (issue 23 §3): the sign-up asks the full name as "Popescu Ana", so its
-- first word is often the family name; greetings and invitations use this when set, and the full
-- name otherwise (never a guessed word).
alter table users add column call_name text;

-- The comment a reply answers (replies hang under the thread's root, one level): a team reply
-- is hidden and shown again with the comment it answers, so it never stands alone in public.
alter table comments add column answers_id integer references comments(id) on delete set null;
