-- Direct messages between friends (issue 7 §3). The id is the client's UUID, so a message sent
-- again after a lost answer (the offline outbox retrying) is the same row, never a second one.
-- friend_id is the recipient (SPEC §3 names the pair friend_id / sender_id).
create table messages (
  id uuid primary key,
  -- Order of the conversation and the paging cursor: UUIDs say nothing about order, created_at may tie.
  seq integer generated always as identity unique,
  sender_id integer not null references users(id) on delete cascade,
  friend_id integer not null references users(id) on delete cascade,
  body text not null,
  grid_id integer references grids(id) on delete set null,
  created_at timestamptz not null default now(),
  seen_at timestamptz,
  check (sender_id <> friend_id)
);
-- History of one pair, newest first, whichever way each message went.
create index messages_pair on messages(least(sender_id, friend_id), greatest(sender_id, friend_id), seq desc);
-- Unread messages to a user (the layout counts' `messages`, the conversations' unread counts).
create index messages_unread on messages(friend_id, sender_id) where seen_at is null;
-- A user's own sent messages (the conversations list reads both directions).
create index messages_sender on messages(sender_id, seq desc);
