// Bench data: one manual of 10 chapters and `grids` grids, users with a bearer token each.
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/db.ts';
import { hashToken, newToken } from '../lib/tokens.ts';

export async function seedGrids(db: Db, grids: number): Promise<{ manualId: number; gridIds: number[] }> {
  const m = await db.one<{ id: number }>(
    `insert into manuals (slug, title, subject) values ($1, 'Bench', 'biologie') returning id`,
    [`bench-${randomBytes(4).toString('hex')}`],
  );
  for (let c = 0; c < 10; c++) {
    const ch = await db.one<{ id: number }>(
      `insert into chapters (manual_id, slug, title, sort) values ($1, $2, $3, $4) returning id`,
      [m!.id, `cap-${c}`, `Capitolul ${c + 1}`, c],
    );
    const rows = Array.from({ length: Math.ceil(grids / 10) }, (_, i) => ({
      type: i % 3 === 0 ? 'CS' : 'CM',
      statement: `Enunțul ${c}-${i}: ${'text '.repeat(20)}`,
      correct: i % 3 === 0 ? ['B'] : ['A', 'C', 'E'].slice(0, 1 + (i % 3)),
      difficulty: i % 2 ? 'easy' : 'hard',
    }));
    await db.query(
      `insert into grids (chapter_id, type, statement, options, correct, explanation, difficulty)
       select $1, x.type, x.statement, '{"A":"a","B":"b","C":"c","D":"d","E":"e"}'::jsonb,
              array(select jsonb_array_elements_text(x.correct)), 'Explicație', x.difficulty
         from jsonb_to_recordset($2::jsonb) as x(type text, statement text, correct jsonb, difficulty text)`,
      [ch!.id, JSON.stringify(rows)],
    );
  }
  const ids = await db.query<{ id: number }>(
    'select g.id from grids g join chapters c on c.id = g.chapter_id where c.manual_id = $1 order by g.id',
    [m!.id],
  );
  return { manualId: m!.id, gridIds: ids.map((r) => r.id) };
}

/** A candidate with a profile (Timișoara, so tests are scored) and a token valid for a day. */
export async function seedUser(db: Db, n: number): Promise<{ id: number; token: string }> {
  const u = await db.one<{ id: number }>(
    `insert into users (name, email, email_verified_at, center_id)
     values ($1, $2, now(), (select id from centers where slug = 'timisoara')) returning id`,
    [`Candidat ${n}`, `bench-${n}-${randomBytes(4).toString('hex')}@exemplu.ro`],
  );
  const token = newToken();
  await db.query(
    `insert into auth_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
    [u!.id, hashToken(token)],
  );
  return { id: u!.id, token };
}
