-- Every change to a users row is announced on the channel `grilio_user_changed` (payload: the
-- table's schema, a colon, the id; the schema since the channel is the database's, and the tests
-- give each file a schema of its own), at commit, to every process listening on this database
-- (issue 12 §3): each keeps the rows that GET /user answers with in memory (server/lib/user-row-cache.ts) and drops a row when told. A
-- trigger, not the writers, so that no write is missed: the premium triggers of 014, jobs, the
-- admin command and any SQL by hand announce their changes too. Statement order within a
-- transaction does not matter: notifications are sent only if and when it commits.
create function users_notify_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('grilio_user_changed', tg_table_schema || ':' || old.id);
  return null;
end $$;

create trigger users_notify_change after update or delete on users
  for each row execute function users_notify_change();
