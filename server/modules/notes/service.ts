// Notes SQL. `updated_at` comes from the device (when the note was written), bounded by now so a
// wrong clock cannot pin a note in the future; an older write than the stored one is ignored.
import type { Db } from '../../db/db.ts';
import type { GridNote } from '../../../src/shared/grid-actions-schema.ts';

type NoteRow = { grid_id: number; body: string; updated_at: Date | string };

const out = (r: NoteRow | undefined): GridNote | null =>
  r ? { grid_id: r.grid_id, text: r.body, updated_at: new Date(r.updated_at).toISOString() } : null;

export async function getNote(db: Db, userId: number, gridId: number): Promise<GridNote | null> {
  return out(await db.one<NoteRow>('select grid_id, body, updated_at from grid_notes where user_id = $1 and grid_id = $2', [userId, gridId]));
}

export async function putNote(db: Db, userId: number, gridId: number, text: string, at?: string): Promise<GridNote | null> {
  const now = Date.now();
  const parsed = at ? Date.parse(at) : now;
  const when = new Date(Number.isFinite(parsed) ? Math.min(parsed, now) : now);
  return db.tx(async (tx) => {
    const current = await tx.one<NoteRow>(
      'select grid_id, body, updated_at from grid_notes where user_id = $1 and grid_id = $2 for update',
      [userId, gridId],
    );
    if (current && new Date(current.updated_at).getTime() > when.getTime()) return out(current);
    if (!text.trim()) {
      await tx.query('delete from grid_notes where user_id = $1 and grid_id = $2', [userId, gridId]);
      return null;
    }
    const row = await tx.one<NoteRow>(
      `insert into grid_notes (user_id, grid_id, body, updated_at) values ($1, $2, $3, $4)
       on conflict (user_id, grid_id) do update set body = excluded.body, updated_at = excluded.updated_at
       returning grid_id, body, updated_at`,
      [userId, gridId, text, when],
    );
    return out(row);
  });
}
