// The admin's exam dates per centre and year (issue 31 §1): the dates the plan's settings are
// prefilled from. Admin-only: authenticated and authorised onRequest (401/403 before the body is
// read), then the shared schemas validate; rate-limited per administrator. A candidate's plan keeps
// the date it was saved with (plan_centres), so editing or deleting a row here changes no plan.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { examDateBody, examDateCreateBody, examDateListQuery, examDateParams } from '../../../src/shared/plan-schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Db } from '../../db/db.ts';
import * as q from './admin-queries.ts';
import { knownSlugs } from './queries.ts';

const perAdmin = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `exam-dates:${req.auth?.id ?? req.ip}`,
  },
});

/** What the shared schema cannot see: the date in the year named, a centre that exists. */
async function check(db: Db, d: q.ExamDateWrite): Promise<void> {
  if (Number(d.exam_date.slice(0, 4)) !== d.year) throw badRequest('FORM_EXAM_DATE_YEAR', 'exam_date');
  if (!(await knownSlugs(db, [d.slug])).has(d.slug)) throw badRequest('FORM_PLAN_CENTRE_UNKNOWN', 'slug');
}

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['plan', 'admin'];
  const security = [{ bearer: [] }];
  app.get(
    '/admin/exam-dates',
    {
      onRequest: app.requireAdmin,
      config: perAdmin(120),
      schema: { tags, security, querystring: examDateListQuery, summary: 'Datele examenelor pe centre și ani (administrator)' },
    },
    async (req) => ({ exam_dates: await q.list(app.db, req.query.year) }),
  );
  app.post(
    '/admin/exam-dates',
    {
      onRequest: app.requireAdmin,
      config: perAdmin(60),
      schema: { tags, security, body: examDateCreateBody, summary: 'Adaugă data examenului unui centru într-un an (administrator)' },
    },
    async (req, reply) => {
      await check(app.db, req.body);
      if (!(await q.create(app.db, req.body, req.auth!.id))) throw conflict('FORM_EXAM_DATE_EXISTS', 'year');
      reply.code(201);
      return { success: 'EXAM_DATE_CREATED' as const, exam_date: (await q.one(app.db, req.body.slug, req.body.year))! };
    },
  );
  app.put(
    '/admin/exam-dates/:slug/:year',
    {
      onRequest: app.requireAdmin,
      config: perAdmin(60),
      schema: { tags, security, params: examDateParams, body: examDateBody, summary: 'Data examenului unui centru într-un an: schimbă sau adaugă (administrator)' },
    },
    async (req) => {
      const d = { ...req.params, ...req.body };
      await check(app.db, d);
      await q.save(app.db, d, req.auth!.id);
      return { success: 'EXAM_DATE_SAVED' as const, exam_date: (await q.one(app.db, d.slug, d.year))! };
    },
  );
  app.delete(
    '/admin/exam-dates/:slug/:year',
    {
      onRequest: app.requireAdmin,
      config: perAdmin(60),
      schema: { tags, security, params: examDateParams, summary: 'Șterge data examenului unui centru într-un an (administrator)' },
    },
    async (req) => {
      if (!(await q.remove(app.db, req.params.slug, req.params.year))) throw notFound('FORM_EXAM_DATE_NOT_FOUND');
      return { success: 'EXAM_DATE_DELETED' as const };
    },
  );
};
export default routes;
