-- Partner account (issue 8 §6): sign-in and account linking through a partner platform over
-- OpenID Connect. A partner identity is (provider, subject), the provider's stable id of a person
-- (never the email, which the person may change there); one account per subject, one subject per account.
create table user_identities (
  user_id integer not null references users(id) on delete cascade,
  provider text not null check (provider in ('partner')),
  subject text not null check (length(subject) between 1 and 255),
  -- What the partner said the address was at the last sign-in (shown on /cont), not trusted for anything.
  email text check (email is null or length(email) <= 254),
  created_at timestamptz not null default now(),
  primary key (user_id, provider),
  unique (provider, subject)
);

-- One row per authorization request sent to the partner, consumed once by the callback. Kept in the
-- database, not in a process's memory: the callback may reach another process than the start.
-- state and the browser binding are stored hashed; nonce and the PKCE verifier are needed in clear
-- at the token exchange and live at most 10 minutes.
create table partner_auth_requests (
  state_hash text primary key,
  purpose text not null check (purpose in ('login', 'link')),
  -- The signed-in user who asked to connect (purpose 'link'); null for a sign-in.
  user_id integer references users(id) on delete cascade,
  binding_hash text not null,
  nonce text not null,
  code_verifier text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  check ((purpose = 'link') = (user_id is not null))
);
create index partner_auth_requests_expires on partner_auth_requests (expires_at);
