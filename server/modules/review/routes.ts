import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countBody } from '../../../src/shared/test-schema.ts';
import { allowedGrid, insertTest, isPremium, notEnoughGrids } from '../practice/engine.ts';
import { serializeTest } from '../practice/model.ts';
import type { ReviewQueue, TestCreatedResponse } from '../../../src/shared/practice-payloads.ts';
import { bucharestDate } from '../../../src/shared/plan/calendar.ts';
import { reviewsDueByDay } from './due.ts';
import { catchUpReviews } from './deferred.ts';

// Spaced-repetition review queue (cards are updated by srs.ts when grids are answered).
//
// The count offered (GET /review → due_count) is the count the test gets (issue 11 §4.8): both use
// the same grids (due, and still open to this user) and the same cap, and the app sends the count it
// showed, so a card falling due between the two calls (a wrong answer returns after one minute)
// does not grow the test past what was offered.
// due_today is the plan's count of today's reviews (due.ts, one definition): the page says
// "N grile de recapitulat azi, prima peste X min" when none is due now but some are later today.
const REVIEW_TEST_DEFAULT = 20;
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['review'];
  const security = [{ bearer: [] }];
  app.get('/review', { onRequest: app.authenticate, schema: { tags, security } }, async (req): Promise<ReviewQueue> => {
    const userId = req.auth!.id;
    await catchUpReviews(app.db, userId);
    const premium = await isPremium(app.db, userId);
    const row = await app.db.one<{ due: number; total: number; next_due: Date | null }>(
      `select count(*) filter (where s.due <= now())::int as due, count(*)::int as total,
              min(s.due) filter (where s.due > now()) as next_due
         from srs_cards s join grids g on g.id = s.grid_id
        where s.user_id = $1 and ${allowedGrid('$1', '$2')}`,
      [userId, premium],
    );
    const today = bucharestDate();
    const byDay = await reviewsDueByDay(app.db, userId, premium, today);
    return {
      due_count: Math.min(row!.due, REVIEW_TEST_DEFAULT),
      due_today: byDay[today] ?? 0,
      total_cards: row!.total,
      next_due: row!.next_due ? new Date(row!.next_due).toISOString() : null,
    };
  });

  app.post(
    '/review/test',
    { onRequest: app.authenticate, schema: { tags, security, body: countBody } },
    async (req, reply) => {
      const userId = req.auth!.id;
      await catchUpReviews(app.db, userId);
      const premium = await isPremium(app.db, userId);
      const rows = await app.db.query<{ id: number }>(
        `select g.id from srs_cards s join grids g on g.id = s.grid_id
        where s.user_id = $1 and s.due <= now() and ${allowedGrid('$1', '$2')}
        order by s.due, g.id limit $3`,
        [userId, premium, req.body?.count ?? REVIEW_TEST_DEFAULT],
      );
      if (!rows.length) throw notEnoughGrids(0);
      const test = await insertTest(app.db, {
        userId,
        mode: 'tutor',
        kind: 'review',
        manualId: null,
        filters: { review: true },
        gridIds: rows.map((r) => r.id),
        timeLimitS: null,
      });
      return reply.code(201).send({ success: 'TEST_CREATED', test: serializeTest(test!) } satisfies TestCreatedResponse);
    },
  );
};
export default routes;
