-- The study plan's daily reminder (issue 31 §1): one row per candidate and Bucharest day, claimed
-- by the process that decides about that day (insert … on conflict do nothing returning), so
-- several processes running the job send each candidate one reminder a day at most. `via` says
-- what was done: a notification (stored, live, Web Push), an e-mail, or nothing (nothing was left
-- of the day's plan). Rows older than a week are deleted by the job.
create table plan_reminders_sent (
  user_id integer not null references users(id) on delete cascade,
  day date not null,
  via text not null default 'pending' check (via in ('pending', 'push', 'mail', 'none')),
  claimed_at timestamptz not null default now(),
  primary key (user_id, day)
);
