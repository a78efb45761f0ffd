// The sandbox provider's saved cards: setup intents and payment methods in its own tables (what
// Stripe keeps on its side), and off-session charges of a saved method. Test cards behave as
// Stripe's (src/shared/sandbox-cards.ts); of a card only brand, last four and expiry are written,
// plus how its test number answers an off-session charge.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type { CreatedSetupIntent, IntentStatus, ProviderSetupIntent } from './provider.ts';
import { cardBrand, OFF_SESSION_DECLINES, setupOutcome } from '../../../src/shared/sandbox-cards.ts';

type SetupRow = {
  id: string;
  client_secret: string;
  customer_id: string;
  status: IntentStatus;
  decline_code: string | null;
  pm_id: string | null;
  brand: string | null;
  last4: string | null;
  exp_month: number | null;
  exp_year: number | null;
  fingerprint: string | null;
};

const SETUP_SELECT = `select s.id, s.client_secret, s.customer_id, s.status, s.decline_code,
    m.id as pm_id, m.brand, m.last4, m.exp_month, m.exp_year, m.fingerprint
  from sandbox_setup_intents s left join sandbox_payment_methods m on m.id = s.payment_method_id`;

function toSetup(r: SetupRow): ProviderSetupIntent {
  return {
    id: r.id,
    status: r.status,
    decline_code: r.decline_code,
    payment_method:
      r.pm_id && r.brand && r.last4 && r.exp_month && r.exp_year
        ? {
            id: r.pm_id,
            card: { brand: r.brand, last4: r.last4, exp_month: r.exp_month, exp_year: r.exp_year, fingerprint: r.fingerprint },
          }
        : null,
  };
}

/** Like Stripe's card.fingerprint: the same for every entry of one number, and not the number. */
export const sandboxFingerprint = (number: string) => `sbx${createHash('sha256').update(number).digest('hex').slice(0, 32)}`;

const hex = (n: number) => randomBytes(n).toString('hex');

export async function createSetupIntent(
  db: Db,
  input: { customerId: string; idempotencyKey: string },
): Promise<CreatedSetupIntent> {
  const id = `seti_sbx_${hex(12)}`;
  await db.query(
    `insert into sandbox_setup_intents (id, client_secret, idempotency_key, customer_id) values ($1, $2, $3, $4)
     on conflict (idempotency_key) do nothing`,
    [id, `${id}_secret_${hex(24)}`, input.idempotencyKey, input.customerId],
  );
  const row = await db.one<SetupRow>(`${SETUP_SELECT} where s.idempotency_key = $1`, [input.idempotencyKey]);
  // Stripe refuses a key reused with other parameters; so does the sandbox.
  if (!row || row.customer_id !== input.customerId)
    throw new Error('sandbox: idempotency key reused with different parameters');
  return { ...toSetup(row), client_secret: row.client_secret };
}

export async function retrieveSetupIntent(db: Db, id: string): Promise<ProviderSetupIntent | undefined> {
  const row = await db.one<SetupRow>(`${SETUP_SELECT} where s.id = $1`, [id]);
  return row ? toSetup(row) : undefined;
}

/** The setup intent when `secret` is its client secret; undefined otherwise (answered 404). */
export async function setupWithSecret(
  db: Db,
  id: string,
  secret: string,
): Promise<ProviderSetupIntent | undefined> {
  const row = await db.one<SetupRow>(`${SETUP_SELECT} where s.id = $1`, [id]);
  if (!row) return undefined;
  const a = Buffer.from(row.client_secret);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b) ? toSetup(row) : undefined;
}

/**
 * The card form's submission for a setup intent. Only an intent waiting for a card moves (one
 * conditional update), so a replayed submission saves nothing twice.
 */
export async function confirmSetup(
  db: Db,
  id: string,
  card: { number: string; exp_month: number; exp_year: number },
): Promise<void> {
  const outcome = setupOutcome(card);
  const pm = outcome.kind === 'decline' ? null : `pm_sbx_${hex(12)}`;
  const status =
    outcome.kind === 'succeed' ? 'succeeded' : outcome.kind === 'three_ds' ? 'requires_action' : 'canceled';
  await db.tx(async (t) => {
    const moved = await t.one<{ customer_id: string }>(
      `update sandbox_setup_intents set status = $2, decline_code = $3, payment_method_id = $4, updated_at = now()
        where id = $1 and status = 'requires_payment_method' returning customer_id`,
      [id, status, outcome.kind === 'decline' ? outcome.code : null, pm],
    );
    if (!moved || !pm) return;
    // Attached to the customer only once the setup succeeds (authenticate below for 3-D Secure).
    await insertPaymentMethod(t, pm, status === 'succeeded' ? moved.customer_id : null, card);
  });
}

/** A sandbox payment method made from a test card (brand, last four, expiry, how it declines off
 *  session), attached to `customerId` or to nobody; used by card setups and by a checkout that saves its card. */
export async function insertPaymentMethod(
  t: Db,
  pm: string,
  customerId: string | null,
  card: { number: string; exp_month: number; exp_year: number },
): Promise<void> {
  await t.query(
    `insert into sandbox_payment_methods (id, customer_id, brand, last4, exp_month, exp_year, off_session_decline, fingerprint)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      pm,
      customerId,
      cardBrand(card.number),
      card.number.slice(-4),
      card.exp_month,
      card.exp_year,
      OFF_SESSION_DECLINES[card.number] ?? null,
      sandboxFingerprint(card.number),
    ],
  );
}

/** The 3-D Secure page's answer for a setup: approve saves the card, reject closes the intent. */
export async function authenticateSetup(db: Db, id: string, approve: boolean): Promise<void> {
  await db.tx(async (t) => {
    const moved = await t.one<{ customer_id: string; payment_method_id: string }>(
      `update sandbox_setup_intents set status = $2, decline_code = $3, updated_at = now()
        where id = $1 and status = 'requires_action' returning customer_id, payment_method_id`,
      [id, approve ? 'succeeded' : 'canceled', approve ? null : 'authentication_failed'],
    );
    if (moved && approve)
      await t.query('update sandbox_payment_methods set customer_id = $2 where id = $1', [
        moved.payment_method_id,
        moved.customer_id,
      ]);
  });
}

export async function detachPaymentMethod(db: Db, id: string): Promise<void> {
  await db.query('update sandbox_payment_methods set customer_id = null where id = $1', [id]);
}

/**
 * An off-session charge: a new intent under the key (the same one again for a repeated key),
 * settled at once from the saved method: its test card's decline, a method not attached to this
 * customer (Stripe refuses it too), or the money taken.
 */
export async function chargeSaved(
  db: Db,
  input: {
    amount: number;
    currency: string;
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  },
): Promise<string> {
  const id = `pi_sbx_${hex(12)}`;
  await db.query(
    `insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount, currency, payment_method_id)
     values ($1, $2, $3, $4, $5, $6) on conflict (idempotency_key) do nothing`,
    [
      id,
      `${id}_secret_${hex(24)}`,
      input.idempotencyKey,
      input.amount,
      input.currency,
      input.paymentMethodId,
    ],
  );
  const row = await db.one<{ id: string; amount: number; payment_method_id: string | null }>(
    'select id, amount, payment_method_id from sandbox_payment_intents where idempotency_key = $1',
    [input.idempotencyKey],
  );
  if (!row || row.amount !== input.amount || row.payment_method_id !== input.paymentMethodId)
    throw new Error('sandbox: idempotency key reused with different parameters');
  const pm = await db.one<{
    customer_id: string | null;
    off_session_decline: string | null;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
  }>(
    'select customer_id, off_session_decline, brand, last4, exp_month, exp_year from sandbox_payment_methods where id = $1',
    [input.paymentMethodId],
  );
  const decline = !pm || pm.customer_id !== input.customerId ? 'card_declined' : pm.off_session_decline;
  await db.query(
    `update sandbox_payment_intents
        set status = $2, decline_code = $3, card_brand = $4, card_last4 = $5, card_exp_month = $6, card_exp_year = $7, updated_at = now()
      where id = $1 and status = 'requires_payment_method'`,
    [
      row.id,
      decline ? 'canceled' : 'succeeded',
      decline,
      pm?.brand ?? null,
      pm?.last4 ?? null,
      pm?.exp_month ?? null,
      pm?.exp_year ?? null,
    ],
  );
  return row.id;
}
