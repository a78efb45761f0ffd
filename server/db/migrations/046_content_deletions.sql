-- Downloads in parts and delta sync (issue 30 §2): a device asks for what changed in a manual
-- since its cursor. Edits are found by updated_at; rows that left the manual (deleted, or moved to
-- another manual) leave a tombstone here, written by triggers so every code path that deletes is
-- covered (the grids API, the content import, a cascade from a deleted chapter or manual).
create table content_deletions (
  id bigint generated always as identity primary key,
  manual_id integer not null, -- no foreign key: the manual itself may be gone
  kind text not null check (kind in ('grid', 'chapter')),
  item_id integer not null,
  deleted_at timestamptz not null default clock_timestamp()
);
create index content_deletions_manual_at on content_deletions (manual_id, deleted_at);

-- A grid deleted (or moved to a chapter of another manual) leaves its old manual. When its chapter
-- is being deleted in the same statement (cascade) the chapter row is already gone: the chapter's
-- own tombstone covers its grids, the device drops them with it.
create function grids_tombstone() returns trigger language plpgsql as $$
declare
  old_manual integer;
  new_manual integer;
begin
  select manual_id into old_manual from chapters where id = old.chapter_id;
  if old_manual is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select manual_id into new_manual from chapters where id = new.chapter_id;
    if new_manual is not distinct from old_manual then
      return null;
    end if;
  end if;
  insert into content_deletions (manual_id, kind, item_id) values (old_manual, 'grid', old.id);
  return null;
end $$;
create trigger grids_tombstone_delete after delete on grids for each row execute function grids_tombstone();
create trigger grids_tombstone_move after update of chapter_id on grids
  for each row when (old.chapter_id is distinct from new.chapter_id) execute function grids_tombstone();

create function chapters_tombstone() returns trigger language plpgsql as $$
begin
  insert into content_deletions (manual_id, kind, item_id) values (old.manual_id, 'chapter', old.id);
  return null;
end $$;
create trigger chapters_tombstone_delete after delete on chapters for each row execute function chapters_tombstone();
create trigger chapters_tombstone_move after update of manual_id on chapters
  for each row when (old.manual_id is distinct from new.manual_id) execute function chapters_tombstone();

-- An update that forgets updated_at (an import's upsert, a future admin tool) still reaches the
-- devices: the stamp moves whenever the row does.
create function touch_updated_at() returns trigger language plpgsql as $$
begin
  if new.updated_at is not distinct from old.updated_at then
    new.updated_at := now();
  end if;
  return new;
end $$;
create trigger grids_touch before update on grids for each row execute function touch_updated_at();
create trigger chapters_touch before update on chapters for each row execute function touch_updated_at();

create index grids_chapter_updated on grids (chapter_id, updated_at);
