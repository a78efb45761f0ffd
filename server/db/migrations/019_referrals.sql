-- Referrals (issue 8 §5). A user's personal code is their invitation code (010_friends.sql); whoever
-- registers through it is recorded here once, and when that person's first order is paid, both get
-- REFERRAL_REWARD_DAYS of premium (src/shared/referral-rules.ts) as subscription periods of kind
-- 'referral'. The reward is given by the database, in the statement that marks the order paid,
-- whoever marks it (checkout, sandbox confirmation, Stripe webhook): a replayed confirmation cannot
-- give it twice, and a renewal never gives it again (rewarded_at is set once).

create table referrals (
  id integer generated always as identity primary key,
  referrer_id integer not null references users(id) on delete cascade,
  -- A person is referred once, by whoever's link they registered through.
  referred_id integer not null unique references users(id) on delete cascade,
  created_at timestamptz not null default now(),
  rewarded_at timestamptz,
  reward_days integer check (reward_days is null or reward_days between 1 and 366),
  order_id integer references payment_orders(id) on delete set null,
  check (referrer_id <> referred_id),
  check ((rewarded_at is null) = (reward_days is null))
);
create index referrals_referrer on referrals(referrer_id, id desc);

alter table subscriptions drop constraint subscriptions_source_check;
alter table subscriptions add constraint subscriptions_source_check
  check (source in ('order', 'grant', 'coupon', 'trial', 'referral'));
alter table subscriptions add column referral_id integer references referrals(id) on delete cascade;
-- One reward period per person and referral: the referrer's and the referred person's.
create unique index subscriptions_referral on subscriptions(referral_id, user_id) where referral_id is not null;
alter table subscriptions add constraint subscriptions_referral_source check ((source = 'referral') = (referral_id is not null));

-- The reward's days are set by the app (the argument below); the trigger reads them from a setting
-- row so the constant lives in one place (src/shared/referral-rules.ts → server start writes it).
create table referral_settings (
  id boolean primary key default true check (id),
  reward_days integer not null check (reward_days between 1 and 366)
);
insert into referral_settings (reward_days) values (14);

create function referral_period(uid integer, rid integer, days integer) returns void language plpgsql as $$
begin
  -- The users row is locked first, like any other period, so two periods never overlap.
  perform 1 from users where id = uid for update;
  insert into subscriptions (user_id, source, referral_id, period_start, period_end)
  select uid, 'referral', rid, s.start, s.start + make_interval(days => days)
    from (select greatest(now(), coalesce(premium_until, now())) as start from users where id = uid) s;
end $$;

create function payment_orders_referral() returns trigger language plpgsql as $$
declare r referrals;
declare days integer;
begin
  if new.status <> 'succeeded' or old.status = 'succeeded' then return null; end if;
  -- The row lock makes two concurrent first payments of one person reward once.
  select * into r from referrals where referred_id = new.user_id and rewarded_at is null for update;
  if not found then return null; end if;
  select reward_days into days from referral_settings;
  update referrals set rewarded_at = now(), reward_days = days, order_id = new.id where id = r.id;
  -- Referred person first, then the referrer: a person's referrer registered before them, so
  -- locks are always taken newer account first and two payments cannot wait on each other.
  perform referral_period(r.referred_id, r.id, days);
  perform referral_period(r.referrer_id, r.id, days);
  return null;
end $$;
create trigger payment_orders_referral after update of status on payment_orders
  for each row execute function payment_orders_referral();
