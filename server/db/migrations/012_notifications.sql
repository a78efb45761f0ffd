-- Notifications feed and Web Push (issue 7 §4).

-- Where a notification leads when opened (an in-app path such as /prieteni); null: nowhere.
alter table notifications add column link text;

-- The feed is paged newest first by id (ids grow with insertion; an announcement gives many rows
-- the same created_at, so the id is the cursor that never splits or repeats a page).
create index notifications_feed on notifications(user_id, id desc);

-- Web Push: one row per browser subscription (its push-service endpoint is unique worldwide).
-- A subscription belongs to the account that registered it last on that browser.
create table push_subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions(user_id);

-- "Notificări pe dispozitiv": on by default; off, notify() sends no push (the feed still fills).
alter table users add column push_enabled boolean not null default true;
