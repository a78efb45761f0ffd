// Content and users for the tests-engine server tests, written straight into SQL (no dependency on
// the content or auth modules): a manual with chapters and grids of known answers, and signed-in
// users (users row + auth_tokens row with the SHA-256 of a fresh token).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../server/db/db.ts';
import { createUser, bearer } from './users-fixture.ts';

export type FixtureUser = { id: number; token: string; auth: { authorization: string } };

export async function makeUser(
  db: Db,
  opts: { name?: string; premium?: boolean; admin?: boolean; center?: string | null } = {},
): Promise<FixtureUser> {
  const slug = opts.center === undefined ? 'timisoara' : opts.center;
  const center = slug ? await db.one<{ id: number }>('select id from centers where slug = $1', [slug]) : undefined;
  const u = await createUser(db, {
    name: opts.name ?? 'Popescu Ana',
    password: null,
    premium_until: opts.premium ? new Date(Date.now() + 30 * 86400_000) : null,
    is_admin: opts.admin ?? false,
    center_id: center?.id ?? null,
  });
  return { id: u.id, token: u.token, auth: bearer(u.token) };
}

export type GridSpec = {
  type?: 'CS' | 'CM' | 'CG';
  correct?: string[];
  difficulty?: 'easy' | 'hard';
  premium?: boolean;
  published?: boolean;
  authorId?: number | null;
};

const OPTIONS = { A: 'Varianta A', B: 'Varianta B', C: 'Varianta C', D: 'Varianta D', E: 'Varianta E' };

export async function makeManual(db: Db, slug = `manual-${randomBytes(4).toString('hex')}`): Promise<number> {
  const m = await db.one<{ id: number }>(
    `insert into manuals (slug, title, subject) values ($1, $2, 'biologie') returning id`,
    [slug, `Manual ${slug}`],
  );
  return m!.id;
}

export async function makeChapter(db: Db, manualId: number, title = 'Capitol', sort = 0): Promise<number> {
  const c = await db.one<{ id: number }>(
    `insert into chapters (manual_id, slug, title, sort) values ($1, $2, $3, $4) returning id`,
    [manualId, `cap-${randomBytes(4).toString('hex')}`, title, sort],
  );
  return c!.id;
}

/** Inserts grids in one statement; returns their ids in order. */
export async function makeGrids(db: Db, chapterId: number, specs: GridSpec[]): Promise<number[]> {
  if (!specs.length) return [];
  const rows = specs.map((s, i) => {
    const type = s.type ?? 'CS';
    return {
      chapter_id: chapterId,
      type,
      statement: `Enunț ${i + 1} ${randomUUID()}`,
      options: OPTIONS,
      correct: s.correct ?? (type === 'CM' ? ['A', 'C'] : ['B']),
      explanation: `Explicația ${i + 1}`,
      difficulty: s.difficulty ?? 'easy',
      is_premium: s.premium ?? false,
      is_published: s.published ?? true,
      author_id: s.authorId ?? null,
    };
  });
  const out = await db.query<{ id: number }>(
    `insert into grids (chapter_id, type, statement, options, correct, explanation, difficulty, is_premium, is_published, author_id)
     select x.chapter_id, x.type, x.statement, x.options, array(select jsonb_array_elements_text(x.correct)), x.explanation,
            x.difficulty, x.is_premium, x.is_published, x.author_id
       from jsonb_to_recordset($1::jsonb) as x(chapter_id integer, type text, statement text, options jsonb,
            correct jsonb, explanation text, difficulty text, is_premium boolean, is_published boolean, author_id integer)
     returning id`,
    [JSON.stringify(rows)],
  );
  return out.map((r) => r.id).sort((a, b) => a - b);
}

/** A manual with chapters of `perChapter` grids each. */
export async function makeContent(
  db: Db,
  chapters: GridSpec[][],
): Promise<{ manualId: number; chapterIds: number[]; gridIds: number[][] }> {
  const manualId = await makeManual(db);
  const chapterIds: number[] = [];
  const gridIds: number[][] = [];
  for (const [i, specs] of chapters.entries()) {
    const c = await makeChapter(db, manualId, `Capitolul ${i + 1}`, i);
    chapterIds.push(c);
    gridIds.push(await makeGrids(db, c, specs));
  }
  return { manualId, chapterIds, gridIds };
}

export const repeat = <T>(n: number, v: T): T[] => Array.from({ length: n }, () => v);
