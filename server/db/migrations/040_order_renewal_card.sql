-- The card a checkout pays with becomes the renewal card unless the candidate says otherwise on the
-- form (issue 32 §1): the choice is the order's, since the order may be settled later (3-D Secure,
-- a webhook). Renewal orders and every earlier order keep false: settling them changes no default.
alter table payment_orders add column make_default_card boolean not null default false;
