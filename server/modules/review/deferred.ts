// A finished test's spaced-repetition reviews, out of the finish request (issue 32 §6: on exam day
// they were most of a finish — ~55 of ~68 ms on PostgreSQL — 90 FSRS steps, 90 card upserts and
// 90 answer updates). The finish stores the grade and score (what the candidate sees at once) and
// marks the test reviews_pending (migration 045); then whichever comes first reviews it:
// - the 'test-review' job (pg-boss, server/lib/jobs.ts), queued by the finish route and taken by
//   whichever process is free;
// - the user's next read of the review queue (catchUpReviews), so a card is never missing from a
//   page the user opens right after finishing, and a job lost with its process is made good.
// Exactly once: the first to clear the mark (an UPDATE … WHERE reviews_pending, which a second
// process waits on and then finds nothing to do) reviews, and answers.reviewed_at makes each
// answer count once besides. One user's tests are reviewed one after the other (an advisory lock
// on the user), so two of them never upsert the same card from the same stale state.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.ts';
import { bossOn } from '../../lib/jobs.ts';
import { reviewAnswers, type Reviewable } from './srs.ts';

export const REVIEW_QUEUE = 'test-review';

/** Reviews a test marked reviews_pending; false when another process (or an earlier call) did. */
export async function reviewPendingTest(db: Db, testId: string): Promise<boolean> {
  return db.tx(async (tx) => {
    const row = await tx.one<{ user_id: number }>(
      'update tests set reviews_pending = false where id = $1 and reviews_pending returning user_id',
      [testId],
    );
    if (!row) return false;
    await tx.query(`select pg_advisory_xact_lock($1::int, hashtext('srs-review'))`, [row.user_id]);
    const answers = await tx.query<Reviewable>(
      'select id, grid_id, outcome, answered_at from answers where test_id = $1 and reviewed_at is null',
      [testId],
    );
    await reviewAnswers(tx, row.user_id, answers);
    return true;
  });
}

/** Reviews whatever of this user's is still pending (before reading the cards). Usually one index probe. */
export async function catchUpReviews(db: Db, userId: number): Promise<void> {
  const pending = await db.query<{ id: string }>('select id from tests where user_id = $1 and reviews_pending', [userId]);
  for (const t of pending) await reviewPendingTest(db, t.id);
}

export type ReviewQueue = { send(testId: string): Promise<void>; stop(): Promise<void> };

/** The queue; every process that starts it also works it (each job goes to one). */
export async function startReviewQueue(app: FastifyInstance): Promise<ReviewQueue> {
  const b = bossOn(app.db, app.config.JOBS_SCHEMA);
  b.on('error', (err) => app.log.warn({ err }, 'review queue'));
  await b.start();
  await b.createQueue(REVIEW_QUEUE, { name: REVIEW_QUEUE, retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds: 60 });
  // Jobs in batches: after an exam day's finish burst, one poll takes many tests.
  await b.work<{ test_id: string }>(REVIEW_QUEUE, { batchSize: 20, pollingIntervalSeconds: 1 }, async (jobs) => {
    for (const job of jobs) await reviewPendingTest(app.db, job.data.test_id);
  });
  return {
    async send(testId) {
      await b.send(REVIEW_QUEUE, { test_id: testId }, { singletonKey: testId });
    },
    async stop() {
      await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
