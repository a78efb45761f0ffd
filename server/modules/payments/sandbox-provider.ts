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
};

const COLS =
  'id, client_secret, amount, currency, status, decline_code, card_brand, card_last4, card_exp_month, card_exp_year';

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
  };
}

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
  }): Promise<CreatedIntent> {
    const id = `pi_sbx_${randomBytes(12).toString('hex')}`;
    const secret = `${id}_secret_${randomBytes(24).toString('hex')}`;
    await this.db.query(
      `insert into sandbox_payment_intents (id, client_secret, idempotency_key, amount, currency)
       values ($1, $2, $3, $4, $5) on conflict (idempotency_key) do nothing`,
      [id, secret, input.idempotencyKey, input.amount, input.currency],
    );
    const row = await this.db.one<IntentRow>(
      `select ${COLS} from sandbox_payment_intents where idempotency_key = $1`,
      [input.idempotencyKey],
    );
    // Stripe refuses a key reused with other parameters; so does the sandbox.
    if (!row || row.amount !== input.amount || row.currency !== input.currency)
      throw new Error('sandbox: idempotency key reused with different parameters');
    return { ...toIntent(row), client_secret: row.client_secret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent | undefined> {
    const row = await this.db.one<IntentRow>(`select ${COLS} from sandbox_payment_intents where id = $1`, [
      id,
    ]);
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
    const row = await this.db.one<IntentRow>(`select ${COLS} from sandbox_payment_intents where id = $1`, [
      id,
    ]);
    return row && sameSecret(row.client_secret, secret) ? toIntent(row) : undefined;
  }

  /**
   * The card form's submission. Only an intent waiting for a card moves (one conditional update),
   * so a replayed confirmation changes nothing and charges nothing. Of the card, only the brand,
   * last four digits and expiry are written.
   */
  async confirmCard(id: string, card: CardInput): Promise<void> {
    const outcome = cardOutcome(card);
    const status =
      outcome.kind === 'succeed' ? 'succeeded' : outcome.kind === 'three_ds' ? 'requires_action' : 'canceled';
    await this.db.query(
      `update sandbox_payment_intents
          set status = $2, decline_code = $3, card_brand = $4, card_last4 = $5, card_exp_month = $6, card_exp_year = $7,
              updated_at = now()
        where id = $1 and status = 'requires_payment_method'`,
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
  }

  /** The 3-D Secure page's answer: approve takes the money, reject closes the intent. */
  async authenticate(id: string, approve: boolean): Promise<void> {
    await this.db.query(
      `update sandbox_payment_intents set status = $2, decline_code = $3, updated_at = now()
        where id = $1 and status = 'requires_action'`,
      [id, approve ? 'succeeded' : 'canceled', approve ? null : 'authentication_failed'],
    );
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
