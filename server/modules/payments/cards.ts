// Saved cards (issue 8 §3): adding one is a SetupIntent at the provider (3-D Secure when the bank
// asks), settled by the server from the provider's answer as a payment is; the list is newest
// first; one default card, the one renewals charge; the last card stays while a subscription renews.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type {
  CardChangeResponse,
  CardSetupResponse,
  CardsResponse,
} from '../../../src/shared/card-payloads.ts';
import { declineToCode, type PaymentProvider } from './provider.ts';
import * as q from './cards-queries.ts';

export async function cards(db: Db, userId: number): Promise<CardsResponse> {
  return { cards: await q.listCards(db, userId), renews: await q.renews(db, userId) };
}

/** The user's customer at the provider, created on first need (idempotent per user). */
export async function customerFor(db: Db, provider: PaymentProvider, userId: number): Promise<string> {
  const known = await q.customerOf(db, userId, provider.name);
  if (known) return known;
  const created = await provider.createCustomer({ userId, idempotencyKey: `customer-${userId}` });
  return q.saveCustomer(db, userId, provider.name, created);
}

/**
 * Takes a payment method off the customer at the provider: a card removed, or the older method of
 * a card entered again. Renewals charge only cards in our table, so that method is out of use
 * already; a failure is logged rather than undoing what was saved.
 */
export async function detachQuietly(provider: PaymentProvider, methodId: string, log?: FastifyBaseLogger): Promise<void> {
  await provider.detachPaymentMethod(methodId).catch((err: unknown) => log?.warn({ err, method: methodId }, 'payment method not detached at the provider'));
}

/** Brings a setup attempt in line with its provider intent (a replay is a no-op). */
export async function settleSetup(db: Db, provider: PaymentProvider, providerSetupId: string): Promise<void> {
  const setup = await q.setupByProviderId(db, providerSetupId);
  if (!setup || (setup.status !== 'created' && setup.status !== 'requires_action')) return;
  const intent = await provider.retrieveSetupIntent(providerSetupId);
  if (!intent) return;
  if (intent.status === 'succeeded' && intent.payment_method) {
    const saved = await q.saveSetupCard(db, setup, intent.payment_method);
    if (saved?.replaced) await detachQuietly(provider, saved.replaced);
  } else if (
    intent.status === 'canceled' ||
    (intent.status === 'requires_payment_method' && intent.decline_code)
  ) {
    // No money moves on a setup: a declined attempt simply ends; the next one is a new attempt.
    const code = intent.decline_code ? declineToCode(intent.decline_code) : null;
    await q.failSetup(db, setup.id, code ? 'failed' : 'canceled', code);
  }
}

/** Starts (or, with the same key, resumes) adding a card. */
export async function startSetup(
  db: Db,
  provider: PaymentProvider,
  userId: number,
  key: string,
): Promise<CardSetupResponse> {
  const setup = await q.insertSetup(db, userId, key, provider.name);
  if (setup.status !== 'created' && setup.status !== 'requires_action')
    return { setup: await q.toSetup(db, setup), payment: null };
  const customerId = await customerFor(db, provider, userId);
  // Derived from the attempt, so a retry after a lost answer asks the provider for the same intent.
  const intent = await provider.createSetupIntent({
    customerId,
    idempotencyKey: `card-setup-${setup.id}`,
    setupId: setup.id,
  });
  await q.attachSetupIntent(db, setup.id, intent.id);
  const fresh = (await q.setupOfUser(db, userId, setup.id))!;
  return {
    setup: await q.toSetup(db, fresh),
    payment:
      fresh.status === 'requires_action'
        ? { provider: provider.name, intent_id: intent.id, client_secret: intent.client_secret }
        : null,
  };
}

/** Another user's attempt is not found. An open one is first brought in line with the provider. */
export async function getSetup(db: Db, provider: PaymentProvider | null, userId: number, id: number) {
  let setup = await q.setupOfUser(db, userId, id);
  if (!setup) throw notFound('FORM_CARD_NOT_FOUND');
  if (provider && setup.status === 'requires_action' && setup.provider_setup_id) {
    await settleSetup(db, provider, setup.provider_setup_id);
    setup = (await q.setupOfUser(db, userId, id))!;
  }
  const view = await q.toSetup(db, setup);
  return { setup: view, ...(view.status === 'succeeded' ? { success: 'CARD_ADDED' as const } : {}) };
}

export async function makeDefault(db: Db, userId: number, cardId: number): Promise<CardChangeResponse> {
  if (!(await q.makeDefault(db, userId, cardId))) throw notFound('FORM_CARD_NOT_FOUND');
  return cards(db, userId);
}

export async function remove(
  db: Db,
  provider: PaymentProvider | null,
  userId: number,
  cardId: number,
  log?: FastifyBaseLogger,
): Promise<CardChangeResponse> {
  const removed = await q.removeCard(db, userId, cardId);
  if (removed === 'not_found') throw notFound('FORM_CARD_NOT_FOUND');
  if (removed === 'must_keep_one') throw conflict('FORM_CARD_MUST_KEEP_ONE');
  if (provider && provider.name === removed.provider) await detachQuietly(provider, removed.provider_method_id, log);
  return { success: 'CARD_REMOVED', ...(await cards(db, userId)) };
}
