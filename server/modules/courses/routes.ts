// Courses API: GET /courses, /courses/:manual, /courses/:manual/:chapter (public; progress and
// premium blocks with a token), POST|DELETE /courses/:manual/:chapter/read, GET /courses/:manual/download
// (whole manual) and its parts: /download/manifest, /download/parts/:chapter, /download/changes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { viewerOf } from '../content/viewer.ts';
import { coursesPageMeta } from './seo.ts';
import * as service from './service.ts';
import * as parts from './download-parts.ts';
import { changesQuery, partQuery } from '../../../src/shared/download-payloads.ts';
import { idParam, plainString } from '../../../src/shared/input-rules.ts';

const slug = plainString(100).min(1, 'FIELD_REQUIRED');
const manualParams = z.object({ manual: slug });
const chapterParams = z.object({ manual: slug, chapter: slug });
const partParams = z.object({ manual: slug, chapter: idParam('FORM_CHAPTER_NOT_FOUND') });
const tags = ['courses'];
const bearer = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  // SEO titles of the public course pages, when the web plugin (built app) is present.
  app.addHook('onReady', async () => {
    if (app.hasDecorator('pageMeta')) app.pageMeta.push(coursesPageMeta(app.db, app.config.PRODUCT_NAME));
  });

  app.get(
    '/courses',
    { schema: { tags, summary: 'Manuale publicate, cu numărul de capitole și grile' } },
    async () => service.listCourses(app.db),
  );

  app.get(
    '/courses/:manual',
    {
      schema: {
        tags,
        params: manualParams,
        summary: 'Manual cu capitolele în ordine (progres când există token)',
      },
    },
    async (req) => service.getCourse(app.db, req.params.manual, await viewerOf(app.db, req)),
  );

  app.get(
    '/courses/:manual/download',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        params: manualParams,
        security: bearer,
        summary: 'Tot manualul pentru offline: capitole, blocuri, grile',
      },
    },
    async (req) => service.downloadManual(app.db, req.params.manual, (await viewerOf(app.db, req))!),
  );

  // Downloads in parts (issue 30 §2): the device stores part by part, resumes at the first
  // missing one and later asks only for the changes since its cursor.
  app.get(
    '/courses/:manual/download/manifest',
    {
      onRequest: app.authenticate,
      schema: { tags, params: manualParams, security: bearer, summary: 'Părțile manualului pentru offline, cu mărimea fiecăreia și cursorul' },
    },
    async (req) => parts.manifest(app.db, req.params.manual, (await viewerOf(app.db, req))!),
  );

  app.get(
    '/courses/:manual/download/parts/:chapter',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        params: partParams,
        querystring: partQuery,
        security: bearer,
        summary: 'O parte: grilele capitolului cu from ≤ id ≤ to (și capitolul când from = 0)',
      },
    },
    async (req) =>
      parts.part(app.db, req.params.manual, req.params.chapter, req.query, (await viewerOf(app.db, req))!),
  );

  app.get(
    '/courses/:manual/download/changes',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        params: manualParams,
        querystring: changesQuery,
        security: bearer,
        summary: 'Ce s-a schimbat de la cursor: capitole și grile noi sau modificate, id-uri scoase',
      },
    },
    async (req) => parts.changes(app.db, req.params.manual, req.query.since, (await viewerOf(app.db, req))!),
  );

  app.get(
    '/courses/:manual/:chapter',
    {
      schema: {
        tags,
        params: chapterParams,
        summary: 'Capitol cu blocuri și capitolele vecine; premium blocat pentru non-premium',
      },
    },
    async (req) =>
      service.getChapter(app.db, req.params.manual, req.params.chapter, await viewerOf(app.db, req)),
  );

  app.post(
    '/courses/:manual/:chapter/read',
    {
      preHandler: app.authenticate,
      schema: { tags, params: chapterParams, security: bearer, summary: 'Marchează capitolul ca citit' },
    },
    async (req) => service.setRead(app.db, req.params.manual, req.params.chapter, req.auth!.id, true),
  );

  app.delete(
    '/courses/:manual/:chapter/read',
    {
      preHandler: app.authenticate,
      schema: { tags, params: chapterParams, security: bearer, summary: 'Scoate marcajul de citit' },
    },
    async (req) => service.setRead(app.db, req.params.manual, req.params.chapter, req.auth!.id, false),
  );
};
export default routes;
