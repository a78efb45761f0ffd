// Study plan routes (issue 31 §1): the candidate's plan and settings, the reminder job; the admin's
// exam dates are in admin-routes.ts.
// The guard runs onRequest (401 before the body is read); writes are rate-limited per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planSettingsBody } from '../../../src/shared/plan-schema.ts';
import adminRoutes from './admin-routes.ts';
import * as service from './service.ts';
import { remindNow, startReminderJob, type ReminderDeps } from './reminders.ts';
import reminderOffRoutes from './reminder-off-routes.ts';
import { reminderOffSecret } from './reminder-off-token.ts';
import { notify } from '../notifications/notify.ts';
import { pushTargets } from '../notifications/push-queries.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/** What the reminder job (and the administrator's "send now") sends with. */
function reminderDeps(app: FastifyInstance): ReminderDeps {
  return {
    db: app.db,
    now: () => new Date(),
    notify: (userId, n) => notify(app, userId, n),
    hasPush: async (userId) => (await pushTargets(app.db, userId)).length > 0,
    sendMail: (mail) => app.mailer.send(mail),
    unsubscribeSecret: () => reminderOffSecret(app.db, app.config),
    product: app.config.PRODUCT_NAME,
    publicUrl: app.config.publicUrl,
    log: app.log,
  };
}

const perUser = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['plan'];
  const security = [{ bearer: [] }];
  app.get(
    '/plan',
    {
      onRequest: app.authenticate,
      config: perUser('plan', 120),
      schema: { tags, security, summary: 'Planul de studiu: azi, următoarele 14 zile, totalul până la examen, ce s-a schimbat' },
    },
    async (req) => service.getPlan(app.db, req.auth!.id),
  );
  app.put(
    '/plan/settings',
    {
      onRequest: app.authenticate,
      config: perUser('plan-settings', 30),
      schema: { tags, security, body: planSettingsBody, summary: 'Centrele alese cu data examenului, minutele pe zi, ora mementoului' },
    },
    async (req) => ({ success: 'PLAN_SETTINGS_SAVED' as const, settings: await service.saveSettings(app.db, req.auth!.id, req.body) }),
  );
  app.post(
    '/admin/plan/reminders/send',
    {
      onRequest: app.requireAdmin,
      config: perUser('plan-reminder-send', 10),
      schema: {
        tags: ['plan', 'admin'],
        security,
        body: z.object({ user_id: z.number().int().positive().max(2_147_483_647) }),
        summary: 'Trimite acum mementoul unui candidat, cum l-ar trimite ora aleasă (administrator)',
      },
    },
    async (req) => {
      const via = await remindNow(reminderDeps(app), req.body.user_id);
      // 'none': nothing left of today's plan, or an address never confirmed; nothing was sent.
      return via === 'none' ? { via } : { success: 'PLAN_REMINDER_SENT' as const, via };
    },
  );
  await app.register(adminRoutes);
  await app.register(reminderOffRoutes);

  if (app.config.NODE_ENV !== 'test') {
    // Every process runs the reminder job; the day's claim keeps them apart (reminders.ts).
    const stop = startReminderJob(reminderDeps(app));
    app.addHook('onClose', async () => stop());
  }
};
export default routes;
