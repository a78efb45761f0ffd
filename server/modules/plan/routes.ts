// Study plan routes (issue 31 §1): the candidate's plan and settings, the reminder job; the admin's
// exam dates are in admin-routes.ts.
// The guard runs onRequest (401 before the body is read); writes are rate-limited per user.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planSettingsBody } from '../../../src/shared/plan-schema.ts';
import adminRoutes from './admin-routes.ts';
import * as service from './service.ts';
import { startReminderJob } from './reminders.ts';
import { notify } from '../notifications/notify.ts';
import { pushTargets } from '../notifications/push-queries.ts';

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
  await app.register(adminRoutes);

  if (app.config.NODE_ENV !== 'test') {
    // Every process runs the reminder job; the day's claim keeps them apart (reminders.ts).
    const stop = startReminderJob({
      db: app.db,
      now: () => new Date(),
      notify: (userId, n) => notify(app, userId, n),
      hasPush: async (userId) => (await pushTargets(app.db, userId)).length > 0,
      sendMail: (mail) => app.mailer.send(mail),
      product: app.config.PRODUCT_NAME,
      publicUrl: app.config.publicUrl,
      log: app.log,
    });
    app.addHook('onClose', async () => stop());
  }
};
export default routes;
