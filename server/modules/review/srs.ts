// Spaced repetition with ts-fsrs: every answered grid reviews the user's card for that grid
// (wrong → Again, partial → Hard, right → Good). The review happens at the answer's own time
// (answered_at, which may come from an offline device), never before the card's last review.
// When: tutor mode at answer time (the answer is final); exam mode when the test is finished or
// abandoned; sync when a synced test ends. answers.reviewed_at makes each answer count once.
import { createEmptyCard, fsrs, Rating, type Card, type Grade } from 'ts-fsrs';
import type { Db } from '../../db/db.ts';
import type { GridOutcome } from '../../../src/shared/scoring.ts';

const scheduler = fsrs({ enable_fuzz: false });

const RATING: Record<Exclude<GridOutcome, 'blank'>, Grade> = {
  wrong: Rating.Again,
  partial: Rating.Hard,
  right: Rating.Good,
};

export type Reviewable = { id: string; grid_id: number; outcome: GridOutcome; answered_at: Date | string };

type CardRow = { grid_id: number; state: Record<string, unknown> };

/** Applies the reviews of these answers (of one user) and marks them reviewed. Same-grid answers apply in time order. */
export async function reviewAnswers(db: Db, userId: number, answers: readonly Reviewable[]): Promise<void> {
  const due = answers
    .filter((a) => a.outcome !== 'blank')
    .sort((a, b) => +new Date(a.answered_at) - +new Date(b.answered_at));
  if (!due.length) return;
  const gridIds = [...new Set(due.map((a) => a.grid_id))];
  const rows = await db.query<CardRow>(
    'select grid_id, state from srs_cards where user_id = $1 and grid_id = any($2::int[])',
    [userId, gridIds],
  );
  const cards = new Map<number, Card>();
  for (const r of rows) cards.set(r.grid_id, fromJson(r.state));
  for (const a of due) {
    const card: Card = cards.get(a.grid_id) ?? createEmptyCard<Card>(new Date(a.answered_at));
    const last = card.last_review ? +new Date(card.last_review) : 0;
    const at = new Date(Math.max(+new Date(a.answered_at), last));
    cards.set(a.grid_id, scheduler.next(card, at, RATING[a.outcome as Exclude<GridOutcome, 'blank'>]).card);
  }
  const payload = [...cards.entries()]
    .filter(([gridId]) => gridIds.includes(gridId))
    .map(([grid_id, c]) => ({
      grid_id,
      state: c,
      due: c.due.toISOString(),
      last_review: c.last_review ? new Date(c.last_review).toISOString() : null,
    }));
  // Cards and the answers' reviewed_at in one statement: one round trip, and atomic without a transaction.
  await db.query(
    `with cards as (
       insert into srs_cards (user_id, grid_id, state, due, last_review, updated_at)
       select $1, x.grid_id, x.state, x.due, x.last_review, now()
         from jsonb_to_recordset($2::jsonb) as x(grid_id integer, state jsonb, due timestamptz, last_review timestamptz)
       on conflict (user_id, grid_id) do update
         set state = excluded.state, due = excluded.due, last_review = excluded.last_review, updated_at = now()
     )
     update answers set reviewed_at = now() where id = any($3::uuid[])`,
    [userId, JSON.stringify(payload), due.map((a) => a.id)],
  );
}

function fromJson(state: Record<string, unknown>): Card {
  const s = state as unknown as Card & { due: string; last_review?: string };
  return { ...s, due: new Date(s.due), last_review: s.last_review ? new Date(s.last_review) : undefined };
}
