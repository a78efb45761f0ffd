// The plan reminder's unsubscribe link (issue 31 §1), public: the signed token in `?t=` is the
// credential. POST turns the reminder off: the page's button (/memento/oprire) and a mail
// provider's RFC 8058 one-click POST (body `List-Unsubscribe=One-Click`, form-encoded or multipart;
// the body is not needed, the token says everything). GET changes nothing: mail scanners and link
// previews follow links, so it only sends the browser to the page with its confirmation button.
// Rate-limited by the client's address, which the client cannot choose (a limit keyed by the token
// or its user id would let anyone mint fresh keys); generous, since a mail provider posts one-click
// unsubscribes for many recipients from few addresses.
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REMINDER_OFF_PAGE } from '../../../src/shared/plan/reminder-off.ts';
import { turnReminderOff } from './reminder-off.ts';

const FORM = 'application/x-www-form-urlencoded';

// No length bound here: whatever is not a token's shape is FORM_REMINDER_LINK_INVALID, one answer for every bad link.
const query = z.object({ t: z.string().optional() });

const routes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: the rest of the API stays JSON (multipart is registered app-wide).
  if (!app.hasContentTypeParser(FORM))
    app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, null));
  const tags = ['plan'];
  const config = { rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: (req: { ip: string }) => `reminder-off:${req.ip}` } };
  app.post(
    '/plan/reminder/unsubscribe',
    {
      config,
      schema: {
        tags,
        querystring: query,
        consumes: [FORM, 'multipart/form-data', 'application/json'],
        summary: 'Oprește mementoul zilnic al planului cu linkul semnat din e-mail, fără conectare (și one-click, RFC 8058)',
        response: { 200: z.object({ success: z.literal('PLAN_REMINDER_TURNED_OFF'), was_on: z.boolean() }) },
      },
    },
    async (req) => turnReminderOff(app.db, app.config, req.query.t),
  );
  app.get(
    '/plan/reminder/unsubscribe',
    {
      config,
      schema: { tags, querystring: query, summary: 'Nu schimbă nimic: trimite browserul la pagina de confirmare (303)' },
    },
    async (req, reply) => reply.redirect(req.query.t ? `${REMINDER_OFF_PAGE}?t=${encodeURIComponent(req.query.t)}` : REMINDER_OFF_PAGE, 303),
  );
};
export default routes;
