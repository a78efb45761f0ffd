-- Coupons, the anniversary offer and the trial (issue 8 §5). Premium keeps one source of truth:
-- a coupon's days and the trial are subscription periods of their own kinds ('coupon', 'trial'),
-- so the trigger of migration 014 still derives users.premium_until from subscriptions alone.

-- The anniversary offer: a fixed number of personal codes, counted down as users claim them.
create table coupon_campaigns (
  type text primary key check (type ~ '^[a-z0-9_]{1,60}$'),
  total integer not null check (total >= 0),
  issued integer not null default 0 check (issued >= 0),
  premium_days integer not null check (premium_days between 1 and 366),
  percent_off integer not null check (percent_off between 1 and 90),
  -- How long the personal code's discount stays usable after it is made.
  valid_days integer not null check (valid_days between 1 and 3650),
  check (issued <= total)
);

-- A code the user types (or the anniversary offer makes for one user). kind 'percent' takes
-- percent_off from a package's price at checkout; kind 'days' gives premium_days when redeemed.
-- family groups coupons a user may hold only one of ("similar coupon owned"); the anniversary
-- codes have family = the offer's type ({product}_story_code_1).
create table coupons (
  id integer generated always as identity primary key,
  code text not null unique check (code ~ '^[A-Z0-9-]{4,40}$'),
  kind text not null check (kind in ('percent', 'days', 'story')),
  -- 90 at most: the checkout amount must stay above zero (payment_orders.amount_bani > 0).
  percent_off integer check (percent_off is null or percent_off between 1 and 90),
  premium_days integer check (premium_days is null or premium_days between 1 and 366),
  family text check (family is null or family ~ '^[a-z0-9_]{1,60}$'),
  valid_from timestamptz,
  valid_until timestamptz,
  -- How many users may claim it; null: no limit. uses counts claims (a claim is the grant).
  max_uses integer check (max_uses is null or max_uses between 1 and 1000000),
  uses integer not null default 0 check (uses >= 0),
  -- Packages a percent coupon applies to; null: every package.
  package_ids integer[],
  -- A personal code (the anniversary offer): only this user may use it.
  owner_user_id integer references users(id) on delete cascade,
  -- The anniversary offer this personal code was made by (already_claimed is asked by campaign).
  campaign text references coupon_campaigns(type),
  created_at timestamptz not null default now(),
  check (max_uses is null or uses <= max_uses),
  check (valid_until is null or valid_from is null or valid_until > valid_from),
  check (kind <> 'percent' or (percent_off is not null and premium_days is null)),
  check (kind <> 'days' or (premium_days is not null and percent_off is null)),
  -- The anniversary code: both its days (given when made) and its discount (used at checkout).
  check (kind <> 'story' or (premium_days is not null and percent_off is not null))
);

-- A user's coupon. claimed: held, not used; reserved: an open checkout carries it (order_id);
-- used: a paid order took it, or its days were given. One per user and coupon; one per family.
create table user_coupons (
  id integer generated always as identity primary key,
  coupon_id integer not null references coupons(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  family text,
  status text not null default 'claimed' check (status in ('claimed', 'reserved', 'used')),
  order_id integer unique references payment_orders(id),
  claimed_at timestamptz not null default now(),
  used_at timestamptz,
  unique (coupon_id, user_id),
  check ((status = 'reserved') = (order_id is not null) or status = 'used'),
  check ((status = 'used') = (used_at is not null))
);
create unique index user_coupons_one_per_family on user_coupons(user_id, family) where family is not null;
create index user_coupons_user on user_coupons(user_id, id desc);

-- An order may carry a coupon: amount_bani is then the reduced price; list_price_bani keeps the
-- package's price for the receipt and the invoice.
alter table payment_orders add column user_coupon_id integer references user_coupons(id);
alter table payment_orders add column list_price_bani integer check (list_price_bani is null or list_price_bani >= amount_bani);

-- The coupon follows its order, in the same statement as the order's transition, whoever moves it
-- (checkout, sandbox confirmation, Stripe webhook, a later renewal job): paid → used; failed or
-- canceled → claimed again, so a declined card never consumes the coupon.
create function payment_orders_coupon() returns trigger language plpgsql as $$
begin
  if new.user_coupon_id is null or new.status = old.status then return null; end if;
  if new.status = 'succeeded' then
    update user_coupons set status = 'used', used_at = now() where id = new.user_coupon_id and order_id = new.id;
  elsif new.status in ('failed', 'canceled') then
    update user_coupons set status = 'claimed', order_id = null where id = new.user_coupon_id and order_id = new.id;
  end if;
  return null;
end $$;
create trigger payment_orders_coupon after update of status on payment_orders
  for each row execute function payment_orders_coupon();

-- Premium without payment: a coupon's days (one period per user coupon) and the trial.
alter table subscriptions drop constraint subscriptions_source_check;
alter table subscriptions add constraint subscriptions_source_check check (source in ('order', 'grant', 'coupon', 'trial'));
alter table subscriptions add column user_coupon_id integer unique references user_coupons(id) on delete cascade;
alter table subscriptions add constraint subscriptions_coupon_source check ((source = 'coupon') = (user_coupon_id is not null));

-- The trial: once per calendar year (Europe/Bucharest), the year's row is the lock. docs/ARCHITECTURE.md.
create table trial_activations (
  user_id integer not null references users(id) on delete cascade,
  year integer not null check (year between 2000 and 2200),
  subscription_id integer not null references subscriptions(id) on delete cascade,
  activated_at timestamptz not null default now(),
  primary key (user_id, year)
);
