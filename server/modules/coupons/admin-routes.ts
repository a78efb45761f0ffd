// The coupons admin (/admin/cupoane, issue 8 §5): admins only (app.requireAdmin on onRequest:
// 401 without a token, 403 FORM_ADMIN_REQUIRED for others), before any input is read.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCouponParams, adminCouponsQuery, newCouponBody } from '../../../src/shared/coupon-rules.ts';
import type { AdminCouponResponse, AdminCouponsResponse } from '../../../src/shared/coupon-payloads.ts';
import * as admin from './admin-service.ts';

const tags = ['admin'];
const security = [{ bearer: [] }];

const routes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.requireAdmin;

  app.get(
    '/admin/coupons',
    { onRequest, schema: { tags, security, querystring: adminCouponsQuery, summary: 'Toate cupoanele, cele mai noi întâi (50 pe pagină), cu utilizările și starea lor' } },
    async (req): Promise<AdminCouponsResponse> => admin.list(app.db, req.query.page),
  );

  app.post(
    '/admin/coupons',
    { onRequest, schema: { tags, security, body: newCouponBody, summary: 'Creează un cupon: procent de reducere sau zile de Premium' } },
    async (req, reply): Promise<AdminCouponResponse> => {
      const coupon = await admin.create(app.db, req.body);
      reply.code(201);
      return { success: 'COUPON_CREATED', coupon };
    },
  );

  app.post(
    '/admin/coupons/:id/disable',
    { onRequest, schema: { tags, security, params: adminCouponParams, summary: 'Dezactivează cuponul acum (valid_until = acum); ce s-a dat deja rămâne' } },
    async (req): Promise<AdminCouponResponse> => ({ success: 'COUPON_DISABLED', coupon: await admin.disable(app.db, req.params.id) }),
  );
};
export default routes;
