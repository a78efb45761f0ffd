-- Invoices an accountant and ANAF accept (issue 23 §2).
-- 1. The service period an invoice pays for (the subscription period its order bought), printed on
--    the PDF and sent as e-Factura's InvoicePeriod (BG-14). The invoice is issued by 016's trigger
--    when the order turns succeeded, a moment before the paid period is written (addPaidPeriod, in
--    the same transaction), so the period reaches the invoice from the subscription's own insert.
-- 2. A seller not registered for VAT (CIF without the RO prefix) charges no VAT: its invoices carry
--    rate 0, base = total (the price paid is final). e-Factura category 'O' (efactura.ts).
alter table invoices add column period_start timestamptz;
alter table invoices add column period_end timestamptz;
alter table invoices add constraint invoices_period check (period_end is null or period_end > period_start);

update invoices i set period_start = s.period_start, period_end = s.period_end
  from subscriptions s where i.order_id is not null and s.order_id = i.order_id;

create function subscriptions_invoice_period() returns trigger language plpgsql as $$
begin
  if new.order_id is not null then
    update invoices set period_start = new.period_start, period_end = new.period_end
     where order_id = new.order_id and period_start is null;
  end if;
  return null;
end $$;
create trigger subscriptions_invoice_period after insert on subscriptions
  for each row execute function subscriptions_invoice_period();

-- 016's function with one change: the rate is 0 when the seller is not a VAT payer.
create or replace function payment_orders_invoice() returns trigger language plpgsql as $$
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
  if st.seller ->> 'vat_payer' = 'false' then rate := 0; end if;
  base := round(new.amount_bani * 100.0 / (100 + rate));
  select jsonb_build_object('kind', b.kind, 'name', b.name, 'address', b.address, 'city', b.city, 'county', b.county,
                            'country', b.country, 'cif', b.cif, 'reg_no', b.reg_no, 'email', u.email)
    into buyer from users u left join billing_profiles b on b.user_id = u.id where u.id = new.user_id;
  -- No billing data saved (an account that paid before the checkout asked for them, or a renewal of
  -- one): the account's name, as a person in Romania, address unknown (efactura.ts says how it goes).
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
