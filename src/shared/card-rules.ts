// Input rules of saved cards (/setari/carduri, server/modules/payments/cards-routes.ts) and of the
// sandbox provider's setup intents, shared by the server's schemas and the app's forms.
import { z } from 'zod';
import { idParam } from './input-rules.ts';
import { uuid } from './validation.ts';
import { cardNumber } from './payment-rules.ts';

export const cardParams = z.object({ id: idParam('FORM_CARD_NOT_FOUND') });

/** One key per "add a card" attempt, made by the client: a double click is the same attempt. */
export const cardSetupBody = z.object({ idempotency_key: uuid });
export type CardSetupBody = z.infer<typeof cardSetupBody>;

export const setupParams = z.object({ id: idParam('FORM_CARD_NOT_FOUND') });

/** Sandbox setup intents are ours: seti_sbx_ and 24 hex digits. */
export const SETUP_INTENT_ID = /^seti_sbx_[0-9a-f]{24}$/;
export const setupIntentParams = z.object({
  intent: z.string().max(40).regex(SETUP_INTENT_ID, 'FORM_CARD_NOT_FOUND'),
});
const setupSecret = z
  .string({ error: 'FORM_CARD_NOT_FOUND' })
  .max(200, 'FORM_CARD_NOT_FOUND')
  .regex(/^seti_sbx_[0-9a-f]{24}_secret_[0-9a-f]{48}$/, 'FORM_CARD_NOT_FOUND');
export const setupIntentQuery = z.object({ client_secret: setupSecret });

export const setupConfirmBody = z.object({
  client_secret: setupSecret,
  number: cardNumber,
  exp_month: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(1, 'FIELD_INVALID')
    .max(12, 'FIELD_INVALID'),
  exp_year: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(2000, 'FIELD_INVALID')
    .max(2100, 'FIELD_INVALID'),
  cvc: z.string({ error: 'FIELD_REQUIRED' }).regex(/^\d{3,4}$/, 'FORM_CARD_WRONG_CVV'),
});

export const setupThreeDsBody = z.object({
  client_secret: setupSecret,
  result: z.enum(['approve', 'reject'], { error: 'FIELD_INVALID' }),
});
