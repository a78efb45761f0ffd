// Admin API (app.requireAdmin: 401 without token, 403 FORM_ADMIN_REQUIRED for others).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkCorrect, gridFields } from '../../../src/shared/grid-schema.ts';
import { text } from '../../../src/shared/validation.ts';
import { id, int4, optionalText } from '../../../src/shared/input-rules.ts';
import { viewerOf } from '../content/viewer.ts';
import { blocksSchema } from '../../../src/shared/content-schema.ts';
import { idParams } from '../grids/params.ts';
import { findGrid } from '../grids/service.ts';
import { createPreviewLink } from '../grids/preview.ts';
import { notFound } from '../../lib/errors.ts';
import * as service from './service.ts';
import { adminPageQuery } from '../../../src/shared/admin-page.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];
const title = text({ required: 'FORM_TITLE_REQUIRED', long: 'FORM_TITLE_TOO_LONG' }, 1, 200);
const sort = int4({ min: -100000, max: 100000 });

const adminGridBody = z
  .object(gridFields)
  .partial()
  .extend({
    premium: z.boolean({ error: 'FIELD_INVALID' }).optional(),
    published: z.boolean({ error: 'FIELD_INVALID' }).optional(),
  })
  .superRefine(checkCorrect);

const routes: FastifyPluginAsyncZod = async (app) => {
  const pre = { preHandler: app.requireAdmin };

  app.get(
    '/admin/reports',
    {
      ...pre,
      schema: {
        tags,
        security,
        querystring: z.object({ status: z.enum(['open', 'resolved', 'all']).default('open'), ...adminPageQuery }),
        summary: 'Raportări de grile, câte cel mult 500 (after = next_after al paginii dinainte)',
      },
    },
    async (req) => service.listReports(app, req.query.status, req.query),
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      ...pre,
      schema: {
        tags,
        security,
        params: idParams,
        body: z
          .object({
            reply: text(
              { required: 'FORM_MESSAGE_REQUIRED', long: 'FORM_MESSAGE_TOO_LONG' },
              1,
              5000,
            ).optional(),
          })
          .nullish(),
        summary: 'Rezolvă o raportare; răspunsul ajunge la autor ca notificare și email',
      },
    },
    async (req) => service.resolveReport(app, req.params.id, req.auth!.id, req.body?.reply),
  );

  app.get(
    '/admin/grids',
    {
      ...pre,
      schema: {
        tags,
        security,
        querystring: z.object({ status: z.enum(['pending', 'all']).default('pending'), ...adminPageQuery }),
        summary: 'Grile de verificat (adăugate de utilizatori, nepublicate), câte cel mult 500 (after = next_after)',
      },
    },
    async (req) => service.listGrids(app, req.query.status, await viewerOf(app.db, req), req.query),
  );

  app.put(
    '/admin/grids/:id',
    {
      ...pre,
      schema: {
        tags,
        security,
        params: idParams,
        body: adminGridBody,
        summary: 'Modifică orice grilă (și premium/publicat)',
      },
    },
    async (req) => service.updateAnyGrid(app, req.params.id, req.body, await viewerOf(app.db, req)),
  );

  app.put(
    '/admin/manuals/:id',
    {
      ...pre,
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({
          title: title.optional(),
          description: optionalText(2000).optional(),
          subject: z.enum(['biologie', 'chimie', 'fizica'], { error: 'FIELD_INVALID' }).optional(),
          sort: sort.optional(),
          published: z.boolean({ error: 'FIELD_INVALID' }).optional(),
        }),
        summary: 'Modifică un manual',
      },
    },
    async (req) => service.updateManual(app, req.params.id, req.body),
  );

  app.put(
    '/admin/chapters/:id',
    {
      ...pre,
      schema: {
        tags,
        security,
        params: idParams,
        body: z.object({
          title: title.optional(),
          summary: optionalText(1000).optional(),
          blocks: blocksSchema.optional(),
          sort: sort.optional(),
          premium: z.boolean({ error: 'FIELD_INVALID' }).optional(),
        }),
        summary: 'Modifică un capitol (titlu, rezumat, blocuri, ordine, premium)',
      },
    },
    async (req) => service.updateChapter(app, req.params.id, req.body),
  );

  app.post(
    '/admin/preview-links',
    {
      ...pre,
      schema: {
        tags,
        security,
        body: z.object({
          grid_id: id('FORM_GRID_NOT_FOUND'),
          ttl_minutes: z
            .number({ error: 'FIELD_INVALID' })
            .int('FIELD_INVALID')
            .min(1, 'FIELD_TOO_SMALL')
            .max(60 * 24 * 30, 'FIELD_TOO_LARGE')
            .default(60 * 24),
        }),
        summary: 'Link semnat de previzualizare a unei grile, cu expirare',
      },
    },
    async (req, reply) => {
      if (!(await findGrid(app.db, req.body.grid_id))) throw notFound('FORM_GRID_NOT_FOUND');
      return reply
        .code(201)
        .send(
          await createPreviewLink(app.db, app.config, req.body.grid_id, req.body.ttl_minutes, req.auth!.id),
        );
    },
  );
};
export default routes;
