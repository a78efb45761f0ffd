// Payments rules (issue 8 §1–2): checkout creates one order per attempt and one provider intent
// per order; the server settles an order only from what the provider answers (settle), in one
// transaction with the paid period; a user with a paid plan cannot pay again (free premium can: the
// paid period follows it); cancelling stops renewal and
// keeps premium to the period's end.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { CheckoutBody } from '../../../src/shared/payment-rules.ts';
import type {
  CancelResponse,
  CheckoutResponse,
  OrderResponse,
  SubscriptionResponse,
} from '../../../src/shared/payment-payloads.ts';
import { declineToCode, type PaymentProvider } from './provider.ts';
import * as q from './queries.ts';
import { orderWithCoupon } from '../coupons/service.ts';
import * as cq from './cards-queries.ts';
import { customerFor, detachQuietly, remove as removeCard } from './cards.ts';
import { mayBuy, subscriptionView } from './subscription.ts';

export type Settled = 'succeeded' | 'failed' | 'canceled' | 'open' | 'unknown';

/**
 * Brings an order in line with its provider intent: succeeded → order succeeded and its paid period
 * in one transaction (only the first caller gets there: a replayed confirmation or webhook is a
 * no-op); closed with a decline → failed with the card's code; closed without → canceled.
 */
export async function settle(db: Db, provider: PaymentProvider, paymentId: string, log?: FastifyBaseLogger): Promise<Settled> {
  const order = await q.orderByPaymentId(db, paymentId);
  const intent = await provider.retrieveIntent(paymentId);
  if (!order || !intent) return 'unknown';
  if (order.status === 'succeeded' || order.status === 'failed' || order.status === 'canceled') return order.status;
  if (intent.status === 'succeeded') {
    if (intent.amount !== order.amount_bani || intent.currency.toUpperCase() !== order.currency) {
      // Never grant premium for a sum other than the order's; someone must look at it.
      log?.error({ order: order.id, intent: intent.id }, 'payment amount differs from the order');
      return 'open';
    }
    let replaced: string | null = null;
    const done = await db.tx(async (t) => {
      const paid = await q.markSucceeded(t, order.id, intent.card);
      if (paid) await q.addPaidPeriod(t, paid);
      // The card kept on the customer becomes a saved card (the default when none is), in the
      // payment's transaction: only the first settlement gets here, and a card saved already stays
      // one (the same number typed again replaces its older payment method, detached below).
      let cardId = paid?.card_id ?? undefined;
      if (paid && intent.saved_method) {
        const written = await cq.insertCard(t, order.user_id, order.provider, intent.saved_method);
        replaced = written?.replaced ?? null;
        cardId ??= written?.id ?? (await cq.cardIdByMethod(t, order.user_id, order.provider, intent.saved_method.id));
      }
      // The card just paid with renews the plan, unless the form said to keep the default
      // (issue 32 §1): a 3-D Secure card left as the default would fail off-session.
      if (paid?.make_default_card && cardId !== undefined) await cq.setDefault(t, order.user_id, cardId);
      return paid;
    });
    if (replaced) await detachQuietly(provider, replaced, log);
    return done ? 'succeeded' : ((await q.orderByPaymentId(db, paymentId))?.status as Settled);
  }
  if (intent.status === 'requires_payment_method' && intent.decline_code) {
    // Stripe keeps a declined intent open for another card; here the attempt ends with the decline
    // (the next one is a new order), so the intent is cancelled first: money can never move later
    // on an order that failed. If it had succeeded meanwhile, the cancel fails and that is settled.
    const after = await provider.cancelIntent(paymentId);
    if (after && after.status !== 'requires_payment_method') return settle(db, provider, paymentId, log);
    return 'open';
  }
  if (intent.status === 'canceled') {
    const code = intent.decline_code ? declineToCode(intent.decline_code) : null;
    await q.closeOrder(db, order.id, code ? 'failed' : 'canceled', code, intent.card);
    return code ? 'failed' : 'canceled';
  }
  return 'open';
}

/** An order as the API answers it: once paid, with the card that renews the plan from now on. */
async function orderView(db: Db, order: q.OrderRow) {
  return q.toOrder(order, order.status === 'succeeded' ? await cq.defaultCard(db, order.user_id) : null);
}

/**
 * The provider's intent for an order (created on first call; the same one on every retry). Always
 * with the user's customer: a new card is kept on it for renewals; a saved card (order.card_id)
 * is charged at once, and the order settled from the provider's answer.
 */
async function withIntent(db: Db, provider: PaymentProvider, order: q.OrderRow): Promise<CheckoutResponse> {
  if (order.status !== 'created' && order.status !== 'requires_action') return { order: await orderView(db, order), payment: null };
  const saved = order.card_id ? await cq.cardOfUser(db, order.user_id, order.card_id) : undefined;
  if (order.card_id && !saved) {
    if (!order.provider_payment_id) {
      // The card was removed between the choice and the charge: nothing was charged; the attempt ends.
      await q.closeOrder(db, order.id, 'canceled', null, null);
      throw notFound('FORM_CARD_NOT_FOUND');
    }
    // Removed while its charge waits (3-D Secure): the intent stands at the provider; the order
    // is answered as the provider has it (asking again without the card would be another request).
    await settle(db, provider, order.provider_payment_id);
    return { order: await orderView(db, (await q.orderOfUser(db, order.user_id, order.id))!), payment: null };
  }
  const intent = await provider.createIntent({
    amount: order.amount_bani,
    currency: order.currency,
    // Derived from the order, so a retry after a lost answer asks the provider for the same intent.
    idempotencyKey: `order-${order.id}`,
    orderId: order.id,
    customerId: await customerFor(db, provider, order.user_id),
    ...(saved ? { paymentMethodId: saved.provider_method_id } : {}),
  });
  await q.attachIntent(db, order.id, intent.id);
  // Confirmed at once (a saved card): settled now, as the webhook would.
  if (intent.status !== 'requires_payment_method' || intent.decline_code) await settle(db, provider, intent.id);
  const fresh = (await q.orderOfUser(db, order.user_id, order.id))!;
  if (fresh.status !== 'requires_action') return { order: await orderView(db, fresh), payment: null };
  return { order: q.toOrder(fresh), payment: { provider: provider.name, intent_id: intent.id, client_secret: intent.client_secret } };
}

/**
 * An attempt still open from another tab is closed first, unless its money already moved. Not the
 * attempt of this very key: a concurrent twin request (double click) may have just written it.
 */
async function closeOpenAttempt(db: Db, provider: PaymentProvider, userId: number, key: string): Promise<void> {
  const open = await q.openOrder(db, userId);
  if (!open || open.idempotency_key === key) return;
  if (!open.provider_payment_id) {
    await q.closeOrder(db, open.id, 'canceled', null, null);
    return;
  }
  await provider.cancelIntent(open.provider_payment_id);
  await settle(db, provider, open.provider_payment_id);
}

export async function checkout(db: Db, provider: PaymentProvider, userId: number, body: CheckoutBody): Promise<CheckoutResponse> {
  // The same key is the same attempt: answered as it stands, even once paid.
  const same = await q.orderByKey(db, userId, body.idempotency_key);
  if (same) {
    // Another package or card under the same key is another attempt. (A card removed since leaves
    // the order without card_id, its attempt closed by removeCardWithAttempt: answered as it is.)
    const open = same.status === 'created' || same.status === 'requires_action';
    if (same.package_id !== body.package_id || (same.card_id === null ? open && body.card_id !== undefined : same.card_id !== body.card_id))
      throw conflict('FORM_CONFLICT', 'idempotency_key');
    return withIntent(db, provider, same);
  }
  const pkg = await q.packageById(db, body.package_id);
  // Free premium (trial, coupon days, a reward) may buy: the paid period starts when it ends. A
  // paid plan is not bought twice, only upgraded to a longer package (README: "Upgrade").
  const before = await q.paidPlan(db, userId);
  if (!mayBuy(before, pkg?.months ?? 0)) throw conflict('FORM_USER_ALREADY_PREMIUM');
  if (!pkg || !pkg.is_active) throw notFound('FORM_PACKAGE_NOT_FOUND');
  // Only the user's own saved card, of this provider; another user's id is simply not found.
  if (body.card_id !== undefined) {
    const card = await cq.cardOfUser(db, userId, body.card_id);
    if (!card || card.provider !== provider.name) throw notFound('FORM_CARD_NOT_FOUND');
  }

  await closeOpenAttempt(db, provider, userId, body.idempotency_key);
  // The attempt closed above may have been paid after all: then this one is not needed.
  // A plan that appeared meanwhile (that attempt was paid after all, in another tab) is not
  // "upgraded" by this one: the user never saw it; this payment is not needed.
  const after = await q.paidPlan(db, userId);
  if (after && (after.id !== before?.id || !mayBuy(after, pkg.months))) throw conflict('FORM_USER_ALREADY_PREMIUM');

  const row = (t: Db, amount: number) =>
    q.insertOrder(t, {
      userId,
      packageId: pkg.id,
      months: pkg.months,
      amount,
      key: body.idempotency_key,
      provider: provider.name,
      cardId: body.card_id ?? null,
      makeDefaultCard: body.use_for_renewal ?? true,
    });
  // With a coupon, the order is written in the transaction that claims and reserves it, at the
  // price the server computes (a failed or canceled order frees the coupon: migration 015).
  const inserted = body.coupon_code
    ? await orderWithCoupon(db, userId, body.coupon_code, pkg, row)
    : await row(db, pkg.price_bani);
  // Lost a race: a twin request with the same key wrote it (answer that), or another tab opened an attempt.
  const order = inserted ?? (await q.orderByKey(db, userId, body.idempotency_key));
  if (!order) throw conflict('FORM_CONFLICT');
  return withIntent(db, provider, order);
}

/** Another user's order is not found. An open order is first brought in line with the provider. */
export async function getOrder(db: Db, provider: PaymentProvider | null, userId: number, orderId: number): Promise<OrderResponse> {
  let order = await q.orderOfUser(db, userId, orderId);
  if (!order) throw notFound('FORM_PAYMENT_NOT_FOUND');
  if (provider && order.status === 'requires_action' && order.provider_payment_id) {
    // A closed tab or a lost notification: the server asks the provider itself.
    await settle(db, provider, order.provider_payment_id);
    order = (await q.orderOfUser(db, userId, orderId))!;
  }
  return { order: await orderView(db, order) };
}

export const subscription = (db: Db, userId: number): Promise<SubscriptionResponse> => subscriptionView(db, userId);

/** "Reia abonamentul": a cancelled plan renews again (README: the remaining paid time is kept as it is). */
export async function resume(db: Db, userId: number): Promise<SubscriptionResponse & { success: 'SUBSCRIPTION_RESUMED' }> {
  const n = await q.resumePaidPeriods(db, userId);
  if (!n) throw notFound('FORM_SUBSCRIPTION_NOT_FOUND');
  return { success: 'SUBSCRIPTION_RESUMED', ...(await subscription(db, userId)) };
}

export async function cancel(db: Db, userId: number): Promise<CancelResponse> {
  const n = await q.cancelPaidPeriods(db, userId);
  if (!n) throw notFound('FORM_SUBSCRIPTION_NOT_FOUND');
  return { success: 'SUBSCRIPTION_CANCELLED', ...(await subscription(db, userId)) };
}

/**
 * Removes a saved card (cards.ts); an attempt still paying with it (waiting for 3-D Secure) is
 * closed afterwards, its intent cancelled unless the money already moved (then it is settled).
 */
export async function removeCardWithAttempt(
  db: Db,
  provider: PaymentProvider | null,
  userId: number,
  cardId: number,
  log?: FastifyBaseLogger,
) {
  const open = await db.one<{ id: number; provider_payment_id: string | null }>(
    `select id, provider_payment_id from payment_orders
      where user_id = $1 and card_id = $2 and status in ('created', 'requires_action')`,
    [userId, cardId],
  );
  const answer = await removeCard(db, provider, userId, cardId, log);
  if (open?.provider_payment_id && provider) {
    await provider.cancelIntent(open.provider_payment_id);
    await settle(db, provider, open.provider_payment_id, log);
  } else if (open) await q.closeOrder(db, open.id, 'canceled', null, null);
  return answer;
}
