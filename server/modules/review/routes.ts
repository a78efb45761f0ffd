import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countBody } from '../../../src/shared/test-schema.ts';
import { allowedGrid, insertTest, isPremium } from '../tests/engine.ts';
import { serializeTest } from '../tests/model.ts';
import { notEnoughGrids } from '../tests/service.ts';

// Spaced-repetition review queue (cards are updated by srs.ts when grids are answered).
const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['review'];
  const security = [{ bearer: [] }];
  app.get('/review', { onRequest: app.authenticate, schema: { tags, security } }, async (req) => {
    const row = await app.db.one<{ due: number; total: number; next_due: Date | null }>(
      `select count(*) filter (where due <= now())::int as due, count(*)::int as total,
              min(due) filter (where due > now()) as next_due
         from srs_cards where user_id = $1`,
      [req.auth!.id],
    );
    return {
      due_count: row!.due,
      total_cards: row!.total,
      next_due: row!.next_due ? new Date(row!.next_due).toISOString() : null,
    };
  });

  app.post(
    '/review/test',
    { onRequest: app.authenticate, schema: { tags, security, body: countBody } },
    async (req, reply) => {
      const userId = req.auth!.id;
      const premium = await isPremium(app.db, userId);
      const rows = await app.db.query<{ id: number }>(
        `select g.id from srs_cards s join grids g on g.id = s.grid_id
        where s.user_id = $1 and s.due <= now() and ${allowedGrid('$1', '$2')}
        order by s.due, g.id limit $3`,
        [userId, premium, req.body?.count ?? 20],
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
      return reply.code(201).send({ success: 'TEST_CREATED', test: serializeTest(test!) });
    },
  );
};
export default routes;
