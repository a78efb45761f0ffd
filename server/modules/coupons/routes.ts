// Coupons, the anniversary offer and the trial (issue 8 §5; SPEC §5, §7, §8); the coupons admin is
// admin-routes.ts. Guards run onRequest, so a call without a token is 401 before its input is
// read; rate limits key on the signed-in user (a code is guessed by trying many: a few dozen a
// minute is plenty for a person).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateBody, quoteBody, redeemBody, remainingQuery, storyCouponType } from '../../../src/shared/coupon-rules.ts';
import type { CouponsResponse, GenerateResponse, QuoteResponse, RedeemResponse, RemainingResponse, TrialResponse } from '../../../src/shared/coupon-payloads.ts';
import { loadUser } from '../auth/user-dto.ts';
import { notifyReturning } from '../notifications/notify.ts';
import { packageById } from '../payments/queries.ts';
import { unauthorized } from '../../lib/errors.ts';
import * as coupons from './service.ts';
import * as story from './story.ts';
import { ensureCampaign, userCoupon } from './queries.ts';
import { activateTrial } from './trial.ts';
import adminRoutes from './admin-routes.ts';

const tags = ['coupons'];
const security = [{ bearer: [] }];

/** Per user: 20 requests of one person at once must all get their answer (the concurrent-claim test). */
export const COUPON_RATE = { max: 30, timeWindow: '1 minute' };
const perUser = (name: string) => ({
  rateLimit: { ...COUPON_RATE, keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}` },
});

const routes: FastifyPluginAsyncZod = async (app) => {
  const storyType = storyCouponType(app.config.PRODUCT_NAME);
  await ensureCampaign(app.db, story.storyCampaign(storyType));
  const auth = { onRequest: app.authenticate };
  const me = (req: { auth?: { id: number } | null }) => req.auth!.id;
  const user = async (id: number) => {
    const u = await loadUser(app.db, id);
    if (!u) throw unauthorized();
    return u;
  };

  app.get(
    '/coupons',
    { ...auth, schema: { tags, security, summary: 'Cupoanele mele, cele mai noi întâi' } },
    async (req): Promise<CouponsResponse> => ({ coupons: await coupons.list(app.db, me(req)) }),
  );

  app.post(
    '/coupons/redeem',
    { ...auth, config: perUser('coupon-redeem'), schema: { tags, security, body: redeemBody, summary: 'Revendică un cod: zilele de Premium se dau pe loc, reducerea rămâne pentru plată' } },
    async (req): Promise<RedeemResponse> => {
      const coupon = await coupons.redeem(app.db, me(req), req.body.code);
      return { success: 'COUPON_APPLIED', coupon, user: await user(me(req)) };
    },
  );

  app.post(
    '/coupons/quote',
    { ...auth, config: perUser('coupon-quote'), schema: { tags, security, body: quoteBody, summary: 'Prețul unui pachet cu un cod de reducere, calculat de server (fără a revendica)' } },
    async (req): Promise<QuoteResponse> => coupons.quote(app.db, me(req), req.body.code, await packageById(app.db, req.body.package_id)),
  );

  app.get(
    '/coupons/remaining-count',
    { schema: { tags, querystring: remainingQuery, summary: 'Câte coduri aniversare mai sunt; already_claimed pentru utilizatorul conectat' } },
    async (req): Promise<RemainingResponse> => story.remaining(app.db, storyType, req.query.type, req.auth?.id ?? null),
  );

  app.post(
    '/coupons/generate',
    { ...auth, config: perUser('coupon-generate'), schema: { tags, security, body: generateBody, summary: 'Activează codul aniversar: 5 zile de Premium și 20% reducere la pachet' } },
    async (req, reply): Promise<GenerateResponse> => {
      const id = await story.generate(app.db, storyType, req.body.type, me(req));
      const coupon = await userCoupon(app.db, id);
      const notification = await notifyReturning(app, me(req), {
        type: 'info',
        title: 'Codul tău aniversar',
        message: `Ai primit ${coupon.premium_days} zile de Premium și ${coupon.percent_off}% reducere la pachet cu codul ${coupon.code}.`,
        link: '/setari/cupoane',
      });
      reply.code(201);
      return { success: 'COUPON_CLAIMED', code: coupon.code, coupon, user: await user(me(req)), notification };
    },
  );

  app.post(
    '/user/activate-trial',
    { ...auth, config: perUser('trial'), schema: { tags, security, summary: 'Perioada de probă: 3 zile de Premium gratuit, o dată pe an calendaristic' } },
    async (req): Promise<TrialResponse> => {
      await activateTrial(app.db, me(req));
      return { success: 'USER_TRIAL_ACTIVATED_SUCCESSFULLY', user: await user(me(req)) };
    },
  );

  // /admin/coupons: the coupons admin, in its own file.
  await app.register(adminRoutes);
};

export default routes;
