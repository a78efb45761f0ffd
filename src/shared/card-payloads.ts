// Payloads of saved cards (server/modules/payments/cards-*.ts), declared once for the server's
// serializers and the app's screen. Of a card only what a receipt shows is kept.

export type SavedCard = {
  id: number;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: string;
};

/** cards: newest first. renews: a subscription renews with the default card (the last one cannot go). */
export type CardsResponse = { cards: SavedCard[]; renews: boolean };
export type CardChangeResponse = CardsResponse & { success?: 'CARD_ADDED' | 'CARD_REMOVED' };

export type CardSetupStatus = 'created' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
export type CardSetup = {
  id: number;
  status: CardSetupStatus;
  /** A FORM_CARD_* code when the card was refused. */
  failure_code: string | null;
  card: SavedCard | null;
};
/** payment: what the card form needs to talk to the provider (the setup intent and its secret). */
export type CardSetupResponse = {
  setup: CardSetup;
  payment: { provider: 'sandbox' | 'stripe'; intent_id: string; client_secret: string } | null;
};

// The sandbox provider's setup intents, as the card form and the 3-D Secure page see them.
export type SandboxSetupIntent = {
  id: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  decline_code: string | null;
  card: { brand: string; last4: string } | null;
  next_action: { redirect_to: string } | null;
};
