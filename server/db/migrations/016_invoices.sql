-- Billing data and invoices (issue 8 §4). Every paid order gets its invoice from a trigger on the
-- order's succeeded transition, so whichever path settles an order (confirmation, webhook, a
-- renewal job) issues it in the same transaction, and only once: a succeeded order never changes
-- state again (014's state machine) and invoices.order_id is unique for invoices proper.

-- The buyer as the user last saved it (/setari/date-facturare). Invoices copy it: editing it later
-- never changes an invoice already issued.
create table billing_profiles (
  user_id integer primary key references users(id) on delete cascade,
  kind text not null check (kind in ('person', 'company')),
  name text not null check (length(name) between 1 and 200),
  address text not null check (length(address) between 1 and 300),
  city text not null check (length(city) between 1 and 100),
  county text not null default '' check (length(county) <= 100),
  country text not null check (country ~ '^[A-Z]{2}$'),
  cif text not null default '' check (cif ~ '^[A-Z0-9]{0,20}$'),
  reg_no text not null default '' check (length(reg_no) <= 30),
  updated_at timestamptz not null default now(),
  check (kind = 'company' or (cif = '' and reg_no = ''))
);

-- The seller and the series, written from the configuration at every start (server/modules/invoices);
-- one row, read by the trigger inside the paying transaction.
create table invoice_settings (
  id integer primary key default 1 check (id = 1),
  series text not null check (series ~ '^[A-Z]{1,10}$'),
  seller jsonb not null
);
insert into invoice_settings (series, seller) values ('GRL', '{"name": "Grilio", "cif": "", "reg_no": "", "address": "", "city": "", "county": "", "country": "RO", "vat_payer": true}');

-- The last number given in each series. A row updated inside the invoice's own transaction, not a
-- sequence: a sequence keeps a value taken by a transaction that rolls back, and Romanian invoice
-- numbers must run without a gap. The row lock also queues concurrent payments one behind another.
create table invoice_counters (
  series text primary key,
  last_number integer not null check (last_number >= 0)
);

create function next_invoice_number(s text) returns integer language sql as $$
  insert into invoice_counters (series, last_number) values (s, 1)
  on conflict (series) do update set last_number = invoice_counters.last_number + 1
  returning last_number
$$;

-- An invoice or its storno (kind 'storno': the same lines with negative amounts, naming the
-- original). Seller and buyer are snapshots (jsonb) of what was true when it was issued.
create table invoices (
  id integer generated always as identity primary key,
  series text not null,
  number integer not null check (number > 0),
  kind text not null check (kind in ('invoice', 'storno')),
  user_id integer references users(id) on delete set null,
  -- Kept when the account (and with it its orders) is deleted: invoices are accounting records,
  -- kept for years by law, and carry their own copy of the buyer.
  order_id integer references payment_orders(id) on delete set null,
  storno_of integer unique references invoices(id),
  issued_at timestamptz not null default now(),
  seller jsonb not null,
  buyer jsonb not null,
  description text not null,
  vat_percent integer not null check (vat_percent between 0 and 100),
  base_bani integer not null,
  vat_bani integer not null,
  total_bani integer not null,
  currency text not null default 'RON',
  unique (series, number),
  check (total_bani = base_bani + vat_bani),
  check ((kind = 'storno') = (storno_of is not null)),
  check ((kind = 'invoice' and total_bani > 0) or (kind = 'storno' and total_bani < 0))
);
create unique index invoices_one_per_order on invoices(order_id) where kind = 'invoice';
create index invoices_user on invoices(user_id, id desc);

-- The invoice of a paid order. VAT is included in the price: base = total × 100 / (100 + rate),
-- rounded to the ban, and the VAT is what remains, so base + VAT is exactly what was paid.
create function payment_orders_invoice() returns trigger language plpgsql as $$
declare
  st invoice_settings%rowtype;
  rate integer;
  months integer;
  base integer;
  buyer jsonb;
begin
  if new.status <> 'succeeded' or (tg_op = 'UPDATE' and old.status = 'succeeded') then return null; end if;
  select * into st from invoice_settings where id = 1;
  select p.vat_percent into rate from premium_packages p where p.id = new.package_id;
  base := round(new.amount_bani * 100.0 / (100 + rate));
  select jsonb_build_object('kind', b.kind, 'name', b.name, 'address', b.address, 'city', b.city, 'county', b.county,
                            'country', b.country, 'cif', b.cif, 'reg_no', b.reg_no, 'email', u.email)
    into buyer from users u left join billing_profiles b on b.user_id = u.id where u.id = new.user_id;
  -- No billing data saved: the account's name, as a person in Romania (a B2C invoice may carry no address).
  if buyer ->> 'kind' is null then
    select jsonb_build_object('kind', 'person', 'name', u.name, 'address', '', 'city', '', 'county', '',
                              'country', 'RO', 'cif', '', 'reg_no', '', 'email', u.email)
      into buyer from users u where u.id = new.user_id;
  end if;
  months := new.months;
  insert into invoices (series, number, kind, user_id, order_id, seller, buyer, description, vat_percent,
                        base_bani, vat_bani, total_bani, currency, issued_at)
  values (st.series, next_invoice_number(st.series), 'invoice', new.user_id, new.id, st.seller, buyer,
          'Abonament Premium, ' || months || case when months = 1 then ' lună' when months >= 20 then ' de luni' else ' luni' end,
          rate, base, new.amount_bani - base, new.amount_bani, new.currency, coalesce(new.paid_at, now()));
  return null;
end $$;
create trigger payment_orders_invoice after insert or update of status on payment_orders
  for each row execute function payment_orders_invoice();
