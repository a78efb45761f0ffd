// SQL of saved cards (migration 017): the provider's customer of a user, "add a card" attempts
// (card_setups) and the cards. Writers that touch a user's default lock the users row first, so
// two requests of one user queue up instead of breaking the one-default index.
import type { Db } from '../../db/db.ts';
import type { CardSetup, CardSetupStatus, SavedCard } from '../../../src/shared/card-payloads.ts';
import type { CardSummary } from './provider.ts';

type CardRow = Omit<SavedCard, 'created_at'> & {
  created_at: Date | string;
  user_id: number;
  provider: string;
  provider_method_id: string;
};
const CARD_COLS =
  'id, user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, is_default, created_at';

export const toCard = (c: CardRow): SavedCard => ({
  id: c.id,
  brand: c.brand,
  last4: c.last4,
  exp_month: c.exp_month,
  exp_year: c.exp_year,
  is_default: c.is_default,
  created_at: new Date(c.created_at).toISOString(),
});

/** Newest first (SPEC §3 client state keeps the same order). */
export async function listCards(db: Db, userId: number): Promise<SavedCard[]> {
  const rows = await db.query<CardRow>(
    `select ${CARD_COLS} from payment_cards where user_id = $1 order by created_at desc, id desc`,
    [userId],
  );
  return rows.map(toCard);
}

export function cardOfUser(db: Db, userId: number, id: number): Promise<CardRow | undefined> {
  return db.one<CardRow>(`select ${CARD_COLS} from payment_cards where id = $1 and user_id = $2`, [
    id,
    userId,
  ]);
}

export function defaultCard(db: Db, userId: number): Promise<CardRow | undefined> {
  return db.one<CardRow>(`select ${CARD_COLS} from payment_cards where user_id = $1 and is_default`, [
    userId,
  ]);
}

/**
 * Whether a paid subscription will renew with the default card: a period running with renewal on,
 * or a renewal still retrying. While so, the last card cannot be removed.
 */
export async function renews(db: Db, userId: number): Promise<boolean> {
  const row = await db.one<{ renews: boolean }>(
    `select exists (select 1 from subscriptions where user_id = $1 and source = 'order' and status = 'active'
                      and not cancel_at_period_end and period_end > now())
         or exists (select 1 from subscription_renewals where user_id = $1 and status = 'pending') as renews`,
    [userId],
  );
  return Boolean(row?.renews);
}

export async function customerOf(db: Db, userId: number, provider: string): Promise<string | undefined> {
  return (
    await db.one<{ customer_id: string }>(
      'select customer_id from payment_customers where user_id = $1 and provider = $2',
      [userId, provider],
    )
  )?.customer_id;
}

/** Keeps the first customer written for (user, provider); a racing second one is dropped. */
export async function saveCustomer(
  db: Db,
  userId: number,
  provider: string,
  customerId: string,
): Promise<string> {
  await db.query(
    'insert into payment_customers (user_id, provider, customer_id) values ($1, $2, $3) on conflict do nothing',
    [userId, provider, customerId],
  );
  return (await customerOf(db, userId, provider))!;
}

export type SetupRow = {
  id: number;
  user_id: number;
  idempotency_key: string;
  provider: string;
  provider_setup_id: string | null;
  status: CardSetupStatus;
  failure_code: string | null;
  card_id: number | null;
};
const SETUP_COLS = 'id, user_id, idempotency_key, provider, provider_setup_id, status, failure_code, card_id';

export async function toSetup(db: Db, s: SetupRow): Promise<CardSetup> {
  const card = s.card_id ? await cardOfUser(db, s.user_id, s.card_id) : undefined;
  return { id: s.id, status: s.status, failure_code: s.failure_code, card: card ? toCard(card) : null };
}

export function setupByKey(db: Db, userId: number, key: string): Promise<SetupRow | undefined> {
  return db.one<SetupRow>(
    `select ${SETUP_COLS} from card_setups where user_id = $1 and idempotency_key = $2`,
    [userId, key],
  );
}
export function setupOfUser(db: Db, userId: number, id: number): Promise<SetupRow | undefined> {
  return db.one<SetupRow>(`select ${SETUP_COLS} from card_setups where id = $1 and user_id = $2`, [
    id,
    userId,
  ]);
}
export function setupByProviderId(db: Db, providerSetupId: string): Promise<SetupRow | undefined> {
  return db.one<SetupRow>(`select ${SETUP_COLS} from card_setups where provider_setup_id = $1`, [
    providerSetupId,
  ]);
}

export async function insertSetup(db: Db, userId: number, key: string, provider: string): Promise<SetupRow> {
  await db.query(
    'insert into card_setups (user_id, idempotency_key, provider) values ($1, $2, $3) on conflict do nothing',
    [userId, key, provider],
  );
  return (await setupByKey(db, userId, key))!;
}

export async function attachSetupIntent(db: Db, id: number, providerSetupId: string): Promise<void> {
  await db.query(
    `update card_setups set provider_setup_id = $2, status = 'requires_action' where id = $1 and status = 'created' and provider_setup_id is null`,
    [id, providerSetupId],
  );
}

export async function failSetup(
  db: Db,
  id: number,
  status: 'failed' | 'canceled',
  code: string | null,
): Promise<void> {
  await db.query(
    `update card_setups set status = $2, failure_code = $3 where id = $1 and status in ('created', 'requires_action')`,
    [id, status, code],
  );
}

/**
 * The setup succeeded: its card is written once (a replay finds the provider's method already
 * saved) and becomes the default when the user has none.
 */
export async function saveSetupCard(
  db: Db,
  setup: SetupRow,
  method: { id: string; card: CardSummary },
): Promise<WrittenCard | undefined> {
  return db.tx(async (t) => {
    await t.query('select id from users where id = $1 for update', [setup.user_id]);
    const moved = await t.one<{ id: number }>(
      `update card_setups set status = 'succeeded' where id = $1 and status in ('created', 'requires_action') returning id`,
      [setup.id],
    );
    if (!moved) return undefined;
    const card = await insertCard(t, setup.user_id, setup.provider, method);
    if (card) await t.query('update card_setups set card_id = $2 where id = $1', [setup.id, card.id]);
    return card;
  });
}

const FINGERPRINT = /^[A-Za-z0-9_]{1,64}$/;
const brandOf = (card: CardSummary) =>
  card.brand
    .toLowerCase()
    .replace(/[^a-z_]/g, '_')
    .slice(0, 20);

/** A saved card written: its row, and the payment method it replaced (to detach at the provider). */
export type WrittenCard = { id: number; replaced: string | null };

/**
 * Writes a saved card of the provider's payment method, the default when the user has none; a
 * method already saved is not written again (undefined). The same card number entered again (the
 * provider's fingerprint) updates the saved card instead of adding a second: its new payment method
 * and expiry, the same id and default mark; the old method is returned for the caller to detach.
 * Call it with the users row locked where it can (two writes of one card number at once: the
 * fingerprint index keeps one, the other writes nothing).
 */
export async function insertCard(
  t: Db,
  userId: number,
  provider: string,
  method: { id: string; card: CardSummary },
): Promise<WrittenCard | undefined> {
  const fingerprint = method.card.fingerprint && FINGERPRINT.test(method.card.fingerprint) ? method.card.fingerprint : null;
  if (fingerprint) {
    const same = await t.one<{ id: number; provider_method_id: string }>(
      'select id, provider_method_id from payment_cards where user_id = $1 and provider = $2 and fingerprint = $3',
      [userId, provider, fingerprint],
    );
    if (same?.provider_method_id === method.id) return undefined;
    if (same) {
      await t.query(
        `update payment_cards set provider_method_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6
          where id = $1`,
        [same.id, method.id, brandOf(method.card), method.card.last4, method.card.exp_month, method.card.exp_year],
      );
      return { id: same.id, replaced: same.provider_method_id };
    }
  }
  const row = await t.one<{ id: number }>(
    `insert into payment_cards (user_id, provider, provider_method_id, brand, last4, exp_month, exp_year, fingerprint, is_default)
     values ($1, $2, $3, $4, $5, $6, $7, $8, not exists (select 1 from payment_cards where user_id = $1 and is_default))
     on conflict do nothing returning id`,
    [userId, provider, method.id, brandOf(method.card), method.card.last4, method.card.exp_month, method.card.exp_year, fingerprint],
  );
  return row && { id: row.id, replaced: null };
}

export async function makeDefault(db: Db, userId: number, cardId: number): Promise<boolean> {
  return db.tx(async (t) => {
    await t.query('select id from users where id = $1 for update', [userId]);
    if (!(await cardOfUser(t, userId, cardId))) return false;
    await setDefault(t, userId, cardId);
    return true;
  });
}

/**
 * The user's card becomes the default, inside the caller's transaction (which holds the users row:
 * makeDefault, or the settlement of a checkout that pays with the card). Two statements: the
 * one-default index is checked row by row, never two at once.
 */
export async function setDefault(t: Db, userId: number, cardId: number): Promise<void> {
  await t.query('update payment_cards set is_default = false where user_id = $1 and is_default and id <> $2', [
    userId,
    cardId,
  ]);
  await t.query('update payment_cards set is_default = true where id = $1 and user_id = $2', [cardId, userId]);
}

/** The user's saved card of a provider's payment method (a card paid with at checkout, saved already). */
export async function cardIdByMethod(db: Db, userId: number, provider: string, methodId: string): Promise<number | undefined> {
  return (
    await db.one<{ id: number }>(
      'select id from payment_cards where user_id = $1 and provider = $2 and provider_method_id = $3',
      [userId, provider, methodId],
    )
  )?.id;
}

/**
 * Removes a card: not found, refused when it is the last one and a subscription renews, else gone
 * (the newest card left becomes the default when the default went). Returns the removed row.
 */
export async function removeCard(
  db: Db,
  userId: number,
  cardId: number,
): Promise<CardRow | 'not_found' | 'must_keep_one'> {
  return db.tx(async (t) => {
    await t.query('select id from users where id = $1 for update', [userId]);
    const card = await cardOfUser(t, userId, cardId);
    if (!card) return 'not_found';
    const n = (await t.one<{ n: number }>('select count(*)::int as n from payment_cards where user_id = $1', [
      userId,
    ]))!.n;
    if (n === 1 && (await renews(t, userId))) return 'must_keep_one';
    await t.query('delete from payment_cards where id = $1', [cardId]);
    if (card.is_default)
      await t.query(
        `update payment_cards set is_default = true
          where id = (select id from payment_cards where user_id = $1 order by created_at desc, id desc limit 1)`,
        [userId],
      );
    return card;
  });
}
