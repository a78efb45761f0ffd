-- Accounts, tokens, mail links, profile lists, error logs, settings.

create table centers (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null,
  city text not null,
  sort integer not null default 0
);

create table specializations (
  id integer generated always as identity primary key,
  slug text not null unique,
  name text not null,
  sort integer not null default 0
);

create table manuals (
  id integer generated always as identity primary key,
  slug text not null unique,
  title text not null,
  subject text not null check (subject in ('biologie', 'chimie', 'fizica')),
  description text not null default '',
  sort integer not null default 0,
  is_published boolean not null default true,
  updated_at timestamptz not null default now()
);

create table users (
  id integer generated always as identity primary key,
  name text not null,
  email text not null unique,
  password_hash text,
  auth_provider text not null default 'password' check (auth_provider in ('password', 'google', 'partner')),
  google_sub text unique,
  email_verified_at timestamptz,
  manual_id integer references manuals(id),
  specialization_id integer references specializations(id),
  center_id integer references centers(id),
  theme text not null default 'light' check (theme in ('light', 'dark')),
  sound_effects boolean not null default true,
  premium_until timestamptz,
  is_admin boolean not null default false,
  avatar_path text,
  avatar_thumb_path text,
  acknowledged_info_banner boolean not null default false,
  last_notification_seen_date timestamptz,
  trial_used_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table auth_tokens (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  user_agent text
);
create index auth_tokens_user on auth_tokens(user_id);

-- Single-use links sent by mail: email confirmation and password reset.
create table mail_tokens (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('confirm_email', 'reset_password')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index mail_tokens_user on mail_tokens(user_id, purpose);

create table login_attempts (
  id integer generated always as identity primary key,
  ip text not null,
  email text not null,
  succeeded boolean not null,
  created_at timestamptz not null default now()
);
create index login_attempts_ip on login_attempts(ip, created_at);
create index login_attempts_email on login_attempts(email, created_at);

create table error_logs (
  id integer generated always as identity primary key,
  user_id integer references users(id) on delete set null,
  error_message text not null,
  error_stack text,
  additional_info text,
  page_url text,
  user_agent text,
  ip text,
  created_at timestamptz not null default now()
);

create table contact_messages (
  id integer generated always as identity primary key,
  user_id integer references users(id) on delete set null,
  name text not null,
  email text not null,
  message text not null,
  created_at timestamptz not null default now()
);

create table notifications (
  id integer generated always as identity primary key,
  user_id integer not null references users(id) on delete cascade,
  title text not null,
  message text not null,
  type text not null default 'info',
  read_at timestamptz,
  created_at timestamptz not null default now()
);
create index notifications_user on notifications(user_id, created_at desc);

insert into centers (slug, name, city, sort) values
  ('bucuresti', 'UMF „Carol Davila” București', 'București', 1),
  ('cluj-napoca', 'UMF „Iuliu Hațieganu” Cluj-Napoca', 'Cluj-Napoca', 2),
  ('iasi', 'UMF „Grigore T. Popa” Iași', 'Iași', 3),
  ('timisoara', 'UMF „Victor Babeș” Timișoara', 'Timișoara', 4),
  ('targu-mures', 'UMFST „George Emil Palade” Târgu Mureș', 'Târgu Mureș', 5),
  ('craiova', 'UMF Craiova', 'Craiova', 6),
  ('constanta', 'Universitatea „Ovidius” Constanța', 'Constanța', 7),
  ('sibiu', 'Universitatea „Lucian Blaga” Sibiu', 'Sibiu', 8),
  ('galati', 'Universitatea „Dunărea de Jos” Galați', 'Galați', 9),
  ('oradea', 'Universitatea din Oradea', 'Oradea', 10);

insert into specializations (slug, name, sort) values
  ('medicina', 'Medicină', 1),
  ('medicina-dentara', 'Medicină dentară', 2),
  ('farmacie', 'Farmacie', 3),
  ('asistenta-medicala', 'Asistență medicală generală', 4),
  ('moasa', 'Moașe', 5),
  ('nutritie', 'Nutriție și dietetică', 6);
