-- Friends (issue 7 §2): requests between two users, blocks, and each user's invitation code.

-- A code a user can hand out so friends find them without knowing their e-mail. 12 hex digits
-- (2^48 values): a clash among a million users is about one chance in 500, and the unique index
-- turns it into a retried registration rather than two users sharing a code.
alter table users add column invitation_code text;
update users set invitation_code = upper(substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 12));
alter table users alter column invitation_code set default upper(substr(md5(random()::text || clock_timestamp()::text), 1, 12));
alter table users alter column invitation_code set not null;
create unique index users_invitation_code on users(invitation_code);

-- One row per pair, whichever way it was asked: requester asked addressee. A rejected request
-- stays (the requester cannot ask again: FORM_FRIENDSHIP_REJECTED) until the addressee asks back;
-- a cancelled request or a removed friendship is deleted.
create table friendships (
  id integer generated always as identity primary key,
  requester_id integer not null references users(id) on delete cascade,
  addressee_id integer not null references users(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'accepted', 'rejected')),
  created_at timestamptz not null default now(),
  responded_at timestamptz,
  check (requester_id <> addressee_id)
);
create unique index friendships_pair on friendships(least(requester_id, addressee_id), greatest(requester_id, addressee_id));
create index friendships_addressee on friendships(addressee_id, status);
create index friendships_requester on friendships(requester_id, status);

-- blocker hid themselves from blocked: no requests either way, neither finds the other.
create table user_blocks (
  blocker_id integer not null references users(id) on delete cascade,
  blocked_id integer not null references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (blocker_id, blocked_id),
  check (blocker_id <> blocked_id)
);
create index user_blocks_blocked on user_blocks(blocked_id);
