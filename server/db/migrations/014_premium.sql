-- Premium (issue 8 §1–2): packages as data, card orders with their state machine, subscriptions,
-- and the sandbox payment provider's own intents. users.premium_until becomes a value the database
-- derives from subscriptions (trigger below): the subscription is the one source of truth, and the
-- readers that already ask "premium_until > now()" (user DTO, grids, tests, messages) follow it.

-- Monthly packages. Prices in bani (1 leu = 100 bani), VAT included, so money is never a float.
create table premium_packages (
  id integer generated always as identity primary key,
  code text not null unique check (code ~ '^[a-z0-9-]{1,40}$'),
  months integer not null check (months between 1 and 36),
  price_bani integer not null check (price_bani > 0),
  -- Romania's standard VAT rate since 1 August 2025, in percent; kept per package so an invoice
  -- reads the rate the price was set with.
  vat_percent integer not null default 21 check (vat_percent between 0 and 100),
  is_active boolean not null default true,
  sort integer not null default 0
);
insert into premium_packages (code, months, price_bani, sort) values
  ('premium-1-luna', 1, 4900, 1),
  ('premium-3-luni', 3, 12900, 2),
  ('premium-6-luni', 6, 22900, 3),
  ('premium-12-luni', 12, 39900, 4);

-- One row per checkout attempt. created: row written, no provider intent yet; requires_action:
-- the intent exists and waits for the customer (card, 3-D Secure); succeeded: the provider says
-- the money was taken (only the server sets it, from the provider's answer); failed: declined or
-- 3-D Secure refused; canceled: a newer attempt replaced it before any money moved.
create table payment_orders (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  package_id integer not null references premium_packages(id),
  months integer not null check (months between 1 and 36),
  amount_bani integer not null check (amount_bani > 0),
  currency text not null default 'RON' check (currency = 'RON'),
  status text not null default 'created'
    check (status in ('created', 'requires_action', 'succeeded', 'failed', 'canceled')),
  -- The client makes one key per attempt: a double click or a retried request finds this row.
  idempotency_key uuid not null,
  provider text not null check (provider in ('sandbox', 'stripe')),
  -- A replayed confirmation or webhook names an intent already settled: unique, so it maps to one order.
  provider_payment_id text unique,
  failure_code text,
  -- What may be kept of a card: brand, last four digits, expiry. Never the number or the CVC.
  card_brand text check (card_brand is null or card_brand ~ '^[a-z]{1,20}$'),
  card_last4 text check (card_last4 is null or card_last4 ~ '^[0-9]{4}$'),
  card_exp_month integer check (card_exp_month is null or card_exp_month between 1 and 12),
  card_exp_year integer check (card_exp_year is null or card_exp_year between 2000 and 2100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  unique (user_id, idempotency_key),
  check ((status = 'succeeded') = (paid_at is not null)),
  check (status <> 'failed' or failure_code is not null)
);
-- At most one attempt in flight per user, so two tabs cannot both end up charging.
create unique index payment_orders_one_open on payment_orders(user_id) where status in ('created', 'requires_action');
create index payment_orders_user on payment_orders(user_id, id desc);

-- The state machine, enforced where every writer passes: terminal states never change, and only
-- the arrows below are allowed.
create function payment_orders_transition() returns trigger language plpgsql as $$
begin
  if new.status = old.status then
    if old.status in ('succeeded', 'failed', 'canceled') and (new.paid_at is distinct from old.paid_at
        or new.amount_bani <> old.amount_bani or new.provider_payment_id is distinct from old.provider_payment_id) then
      raise exception 'payment order % is %: it cannot change', old.id, old.status using errcode = 'check_violation';
    end if;
    return new;
  end if;
  if not ((old.status = 'created' and new.status in ('requires_action', 'succeeded', 'failed', 'canceled'))
       or (old.status = 'requires_action' and new.status in ('succeeded', 'failed', 'canceled'))) then
    raise exception 'payment order %: % -> % is not allowed', old.id, old.status, new.status using errcode = 'check_violation';
  end if;
  new.updated_at := now();
  return new;
end $$;
create trigger payment_orders_transition before update on payment_orders
  for each row execute function payment_orders_transition();

-- A period of premium. A paid order makes exactly one (order_id unique: a replayed confirmation
-- cannot extend twice); a new one starts where the running premium ends, so paying again before
-- the end extends it. 'grant' rows are premium given without an order (demo accounts, premium
-- that existed before this migration). cancelled: stays premium to period_end, does not renew.
create table subscriptions (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  package_id integer references premium_packages(id),
  order_id integer unique references payment_orders(id),
  source text not null check (source in ('order', 'grant')),
  period_start timestamptz not null,
  period_end timestamptz not null,
  status text not null default 'active' check (status in ('active', 'cancelled', 'ended')),
  cancel_at_period_end boolean not null default false,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  check (period_end > period_start),
  check ((source = 'order') = (order_id is not null)),
  check (status <> 'cancelled' or (cancelled_at is not null and cancel_at_period_end))
);
create index subscriptions_user on subscriptions(user_id, period_end desc);

-- users.premium_until = the end of the last period not ended. Written only here.
create function subscriptions_sync_premium() returns trigger language plpgsql as $$
declare uid integer;
begin
  uid := coalesce(new.user_id, old.user_id);
  update users set premium_until =
    (select max(period_end) from subscriptions where user_id = uid and status <> 'ended')
  where id = uid;
  if tg_op = 'UPDATE' and old.user_id <> new.user_id then
    update users set premium_until =
      (select max(period_end) from subscriptions where user_id = old.user_id and status <> 'ended')
    where id = old.user_id;
  end if;
  return null;
end $$;
create trigger subscriptions_sync_premium after insert or update or delete on subscriptions
  for each row execute function subscriptions_sync_premium();

-- Premium that existed before subscriptions (seeded accounts) becomes a grant, so the trigger
-- keeps it instead of erasing it at the first subscription change.
insert into subscriptions (user_id, source, period_start, period_end)
  select id, 'grant', least(now(), premium_until - interval '1 second'), premium_until
  from users where premium_until is not null and premium_until > now();

-- The sandbox provider's intents (server/modules/payments/sandbox-*.ts): what Stripe would keep
-- on its side. Closed on decline (unlike Stripe, where an intent takes another card): the order
-- fails with it and the next attempt is a new order.
create table sandbox_payment_intents (
  id text primary key check (id ~ '^pi_sbx_[0-9a-f]{24}$'),
  -- Returned again to the same idempotency key, as Stripe does; only the order's owner receives it.
  client_secret text not null unique,
  idempotency_key text not null unique,
  amount integer not null check (amount > 0),
  currency text not null,
  status text not null default 'requires_payment_method'
    check (status in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')),
  decline_code text,
  card_brand text,
  card_last4 text,
  card_exp_month integer,
  card_exp_year integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
