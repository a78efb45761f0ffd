-- Saved cards and renewal (issue 8 §2–3). A card is saved through a SetupIntent-style attempt
-- (card_setups, our side, like payment_orders for a payment); what we keep of the card is what a
-- receipt shows (brand, last four, expiry) and the provider's ids, never the number or the CVC.

-- The provider's customer of a user (Stripe: cus_…; sandbox: cus_sbx_…), made once per provider.
create table payment_customers (
  user_id integer not null references users(id) on delete cascade,
  provider text not null check (provider in ('sandbox', 'stripe')),
  customer_id text not null unique,
  created_at timestamptz not null default now(),
  primary key (user_id, provider)
);

-- One row per "add a card" attempt: the client's key makes a double click the same attempt.
create table card_setups (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  idempotency_key uuid not null,
  provider text not null check (provider in ('sandbox', 'stripe')),
  provider_setup_id text unique,
  status text not null default 'created' check (status in ('created', 'requires_action', 'succeeded', 'failed', 'canceled')),
  failure_code text,
  card_id integer,
  created_at timestamptz not null default now(),
  unique (user_id, idempotency_key),
  check (status <> 'failed' or failure_code is not null)
);

create table payment_cards (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  provider text not null check (provider in ('sandbox', 'stripe')),
  -- The provider's payment method (pm_…): a replayed setup maps to the same card.
  provider_method_id text not null unique,
  brand text not null check (brand ~ '^[a-z_]{1,20}$'),
  last4 text not null check (last4 ~ '^[0-9]{4}$'),
  exp_month integer not null check (exp_month between 1 and 12),
  exp_year integer not null check (exp_year between 2000 and 2100),
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index payment_cards_user on payment_cards(user_id, id desc);
-- At most one default card per user, whatever two requests do at once.
create unique index payment_cards_one_default on payment_cards(user_id) where is_default;

-- A renewal is an order like any other, tied to the period it renews. (period, attempt) is unique:
-- two job runners that both reach the same attempt find one order, so one charge.
alter table payment_orders add column renews_subscription_id integer references subscriptions(id) on delete set null;
alter table payment_orders add column renewal_attempt integer check (renewal_attempt between 1 and 10);
alter table payment_orders add column card_id integer references payment_cards(id) on delete set null;
create unique index payment_orders_one_renewal_attempt on payment_orders(renews_subscription_id, renewal_attempt)
  where renews_subscription_id is not null;

-- The renewal queue (server/modules/payments/renewal.ts): one row per period to renew, claimed by
-- a job runner with FOR UPDATE SKIP LOCKED and a lease, so several processes never take the same
-- row at once and a runner that died lets go of it when the lease ends.
create table subscription_renewals (
  subscription_id integer primary key references subscriptions(id) on delete cascade,
  user_id integer not null references users(id) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'ended')),
  -- Attempts finished (each a declined charge or no card to charge).
  failures integer not null default 0 check (failures between 0 and 10),
  next_attempt_at timestamptz not null,
  first_failed_at timestamptz,
  last_code text,
  lease_until timestamptz,
  order_id integer references payment_orders(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index subscription_renewals_due on subscription_renewals(next_attempt_at) where status = 'pending';

-- The sandbox provider's side of saved cards (what Stripe keeps): setup intents and payment
-- methods. A payment method keeps how its test card answers an off-session charge (a decline
-- code or nothing), never its number.
create table sandbox_setup_intents (
  id text primary key check (id ~ '^seti_sbx_[0-9a-f]{24}$'),
  client_secret text not null unique,
  idempotency_key text not null unique,
  customer_id text not null,
  status text not null default 'requires_payment_method'
    check (status in ('requires_payment_method', 'requires_action', 'succeeded', 'canceled')),
  decline_code text,
  payment_method_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create table sandbox_payment_methods (
  id text primary key check (id ~ '^pm_sbx_[0-9a-f]{24}$'),
  customer_id text,
  brand text not null,
  last4 text not null,
  exp_month integer not null,
  exp_year integer not null,
  off_session_decline text,
  created_at timestamptz not null default now()
);
-- An off-session charge of the sandbox is an intent like the others, paid with a saved method.
alter table sandbox_payment_intents add column payment_method_id text;
