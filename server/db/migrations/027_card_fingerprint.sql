-- The same card entered twice (issue 8 §3) is one saved card, not two. Providers name a card number
-- by a fingerprint (Stripe's card.fingerprint; the sandbox's a hash of its test number), never the
-- number itself. A card entered again replaces the saved one's payment method and expiry (a card
-- reissued with a new expiry keeps its number), keeping its id, default mark and order links.
alter table payment_cards add column fingerprint text check (fingerprint ~ '^[A-Za-z0-9_]{1,64}$');
create unique index payment_cards_user_fingerprint on payment_cards(user_id, provider, fingerprint)
  where fingerprint is not null;
alter table sandbox_payment_methods add column fingerprint text;
