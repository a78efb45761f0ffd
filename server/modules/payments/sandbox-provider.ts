// The sandbox adapter of the provider port: the embedded default with no keys. It keeps its
// intents in its own table (what Stripe keeps on its side) and behaves like Stripe's test cards
// (sandbox-cards.ts). The card form and the 3-D Secure page talk to its routes
// (sandbox-routes.ts), never to the payments API; after each change it tells the payments service,
// as Stripe's webhook would, and the service asks it again through the port before settling.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import type {
  CreatedIntent,
  CreatedSetupIntent,
  IntentStatus,
  PaymentProvider,
  ProviderIntent,
  ProviderSetupIntent,
} from './provider.ts';
import * as setup from './sandbox-setup.ts';
import { cardBrand, cardOutcome } from '../../../src/shared/sandbox-cards.ts';

type IntentRow = {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: IntentStatus;
  decline_code: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_exp_month: number | null;
  card_exp_year: number | null;
  /** The intent's payment method when it is attached to a customer (saved for later charges). */
  pm_id: string | null;
  pm_brand: string | null;
  pm_last4: string | null;
  pm_exp_month: number | null;
  pm_exp_year: number | null;
  pm_fingerprint: string | null;
};

const SELECT = `select i.id, i.client_secret, i.amount, i.currency, i.status, i.decline_code, i.card_brand, i.card_last4,
    i.card_exp_month, i.card_exp_year, m.id as pm_id, m.brand as pm_brand, m.last4 as pm_last4,
    m.exp_month as pm_exp_month, m.exp_year as pm_exp_year, m.fingerprint as pm_fingerprint
  from sandbox_payment_intents i
  left join sandbox_payment_methods m on m.id = i.payment_method_id and m.customer_id is not null`;

function toIntent(r: IntentRow): ProviderIntent {
  return {
    id: r.id,
    status: r.status,
    amount: r.amount,
    currency: r.currency,
    decline_code: r.decline_code,
    card:
      r.card_last4 && r.card_brand && r.card_exp_month && r.card_exp_year
        ? { brand: r.card_brand, last4: r.card_last4, exp_month: r.card_exp_month, exp_year: r.card_exp_year }
        : null,
    saved_method:
      r.status === 'succeeded' && r.pm_id && r.pm_brand && r.pm_last4 && r.pm_exp_month && r.pm_exp_year
        ? {
            id: r.pm_id,
            card: {
              brand: r.pm_brand,
              last4: r.pm_last4,
              exp_month: r.pm_exp_month,
              exp_year: r.pm_exp_year,
              fingerprint: r.pm_fingerprint,
            },
          }
        : null,
  };
}

/**
 * The setup_future_usage of an intent paid with a new card: a companion setup intent (sandbox
 * table of migration 017) under a key derived from the payment's, holding the customer the card
 * goes to. Stripe keeps this on the PaymentIntent itself; the sandbox has no column for it.
 */
const futureKey = (paymentKey: string) => `sfu-${paymentKey}`;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export type CardInput = { number: string; exp_month: number; exp_year: number; cvc: string };

export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async createIntent(input: {
    amount: number;
    currency: string;
    idempotencyKey: string;
    customerId?: string;
    paymentMethodId?: string;
  }): Promise<CreatedIntent> {
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    const secret = `${id}_secret_${randomBytes(24).toString('hex')}`;
    const pm = input.customerId ? (input.paymentMethodId ?? null) : null;
    // Written and confirmed in one transaction, as Stripe answers a key only once its first request
    // is done: a twin request with the same key waits on the unique key, then reads the confirmed
    // intent, never one caught between the two statements.
    await this.db.tx(async (t) => {
      const made = await t.one<{ id: string }>(
        `insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount, currency, payment_method_id)
         values ($1, $2, $3, $4, $5, $6) on conflict (idempotency_key) do nothing returning id`,
        [id, secret, input.idempotencyKey, input.amount, input.currency, pm],
      );
      if (made && input.customerId && pm) await this.confirmSaved(t, id, input.customerId, pm);
      else if (made && input.customerId) {
        const seti = `seti_sbx_${randomBytes(12).toString('hex')}`;
        await t.query(
          `insert into sandbox_setup_intents (id, client_secret, idempotency_key, customer_id) values ($1, $2, $3, $4)
           on conflict (idempotency_key) do nothing`,
          [
            seti,
            `${seti}_secret_${randomBytes(24).toString('hex')}`,
            futureKey(input.idempotencyKey),
            input.customerId,
          ],
        );
      }
    });
    const raw = await this.db.one<{ payment_method_id: string | null }>(
      'select payment_method_id from sandbox_payment_intents where idempotency_key = $1',
      [input.idempotencyKey],
    );
    // Stripe refuses a key reused with other parameters; so does the sandbox.
    if (!raw || raw.payment_method_id !== pm)
      throw new Error('sandbox: idempotency key reused with different parameters');
    const row = await this.db.one<IntentRow & { client_secret: string }>(
      `${SELECT} where i.idempotency_key = $1`,
      [input.idempotencyKey],
    );
    if (!row || row.amount !== input.amount || row.currency !== input.currency)
      throw new Error('sandbox: idempotency key reused with different parameters');
    return { ...toIntent(row), client_secret: row.client_secret };
  }

  /**
   * Pays with a saved card at once, the customer present: a card not on this customer is declined
   * (Stripe refuses it too); one whose bank asks for authentication (3184) waits for the 3-D Secure
   * page; a card that declines every charge (0341) declines; any other goes through.
   */
  private async confirmSaved(t: Db, id: string, customerId: string, pmId: string): Promise<void> {
    const pm = await t.one<{
      customer_id: string | null;
      off_session_decline: string | null;
      brand: string;
      last4: string;
      exp_month: number;
      exp_year: number;
    }>(
      'select customer_id, off_session_decline, brand, last4, exp_month, exp_year from sandbox_payment_methods where id = $1',
      [pmId],
    );
    const decline =
      !pm || pm.customer_id !== customerId
        ? 'card_declined'
        : pm.off_session_decline === 'authentication_required'
          ? null
          : pm.off_session_decline;
    const status = decline
      ? 'canceled'
      : pm?.off_session_decline === 'authentication_required'
        ? 'requires_action'
        : 'succeeded';
    await t.query(
      `update sandbox_payment_intents
          set status = $2, decline_code = $3, card_brand = $4, card_last4 = $5, card_exp_month = $6, card_exp_year = $7, updated_at = now()
        where id = $1 and status = 'requires_payment_method'`,
      [
        id,
        status,
        decline,
        pm?.brand ?? null,
        pm?.last4 ?? null,
        pm?.exp_month ?? null,
        pm?.exp_year ?? null,
      ],
    );
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const row = await this.db.one<IntentRow>(`${SELECT} where i.id = $1`, [id]);
    return row ? toIntent(row) : undefined;
  }

  async cancelIntent(id: string): Promise<ProviderIntent | undefined> {
    await this.db.query(
      `update sandbox_payment_intents set status = 'canceled', updated_at = now()
       where id = $1 and status in ('requires_payment_method', 'requires_action')`,
      [id],
    );
    return this.retrieveIntent(id);
  }

  /** The intent when `secret` is its client secret; undefined otherwise (the caller answers 404). */
  async withSecret(id: string, secret: string): Promise<ProviderIntent | undefined> {
    const row = await this.db.one<IntentRow>(`${SELECT} where i.id = $1`, [id]);
    return row && sameSecret(row.client_secret, secret) ? toIntent(row) : undefined;
  }

  /**
   * The card form's submission. Only an intent waiting for a card moves (one conditional update),
   * so a replayed confirmation changes nothing and charges nothing. Of the card, only the brand,
   * last four digits and expiry are written. With setup_future_usage (a companion setup intent),
   * the card becomes a payment method, attached to the customer once the money moved.
   */
  async confirmCard(id: string, card: CardInput): Promise<void> {
    const outcome = cardOutcome(card);
    const status =
      outcome.kind === 'succeed' ? 'succeeded' : outcome.kind === 'three_ds' ? 'requires_action' : 'canceled';
    await this.db.tx(async (t) => {
      const moved = await t.one<{ idempotency_key: string }>(
        `update sandbox_payment_intents
            set status = $2, decline_code = $3, card_brand = $4, card_last4 = $5, card_exp_month = $6, card_exp_year = $7,
                updated_at = now()
          where id = $1 and status = 'requires_payment_method' returning idempotency_key`,
        [
          id,
          status,
          outcome.kind === 'decline' ? outcome.code : null,
          cardBrand(card.number),
          card.number.slice(-4),
          card.exp_month,
          card.exp_year,
        ],
      );
      if (!moved || status === 'canceled') return;
      const future = await t.one<{ id: string; customer_id: string }>(
        `select id, customer_id from sandbox_setup_intents where idempotency_key = $1 and status = 'requires_payment_method'`,
        [futureKey(moved.idempotency_key)],
      );
      if (!future) return;
      const pm = `pm_sbx_${randomBytes(12).toString('hex')}`;
      await setup.insertPaymentMethod(t, pm, status === 'succeeded' ? future.customer_id : null, card);
      await t.query('update sandbox_payment_intents set payment_method_id = $2 where id = $1', [id, pm]);
      await t.query(
        `update sandbox_setup_intents set status = $2, payment_method_id = $3, updated_at = now() where id = $1`,
        [future.id, status, pm],
      );
    });
  }

  /** The 3-D Secure page's answer: approve takes the money (and keeps the card, as above), reject closes the intent. */
  async authenticate(id: string, approve: boolean): Promise<void> {
    await this.db.tx(async (t) => {
      const moved = await t.one<{ idempotency_key: string; payment_method_id: string | null }>(
        `update sandbox_payment_intents set status = $2, decline_code = $3, updated_at = now()
          where id = $1 and status = 'requires_action' returning idempotency_key, payment_method_id`,
        [id, approve ? 'succeeded' : 'canceled', approve ? null : 'authentication_failed'],
      );
      if (!moved?.payment_method_id) return;
      const future = await t.one<{ id: string; customer_id: string }>(
        `update sandbox_setup_intents set status = $2, decline_code = $3, updated_at = now()
          where idempotency_key = $1 and status = 'requires_action' returning id, customer_id`,
        [
          futureKey(moved.idempotency_key),
          approve ? 'succeeded' : 'canceled',
          approve ? null : 'authentication_failed',
        ],
      );
      if (future && approve)
        await t.query('update sandbox_payment_methods set customer_id = $2 where id = $1', [
          moved.payment_method_id,
          future.customer_id,
        ]);
    });
  }

  // Saved cards and off-session charges (sandbox-setup.ts).
  async createCustomer(): Promise<string> {
    return `cus_sbx_${randomBytes(12).toString('hex')}`;
  }

  createSetupIntent(input: { customerId: string; idempotencyKey: string }): Promise<CreatedSetupIntent> {
    return setup.createSetupIntent(this.db, input);
  }

  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent | undefined> {
    return setup.retrieveSetupIntent(this.db, id);
  }

  detachPaymentMethod(id: string): Promise<void> {
    return setup.detachPaymentMethod(this.db, id);
  }

  async chargeSaved(input: {
    amount: number;
    currency: string;
    customerId: string;
    paymentMethodId: string;
    idempotencyKey: string;
  }): Promise<ProviderIntent> {
    return (await this.retrieveIntent(await setup.chargeSaved(this.db, input)))!;
  }
}
