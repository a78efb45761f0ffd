// Saved cards (server/modules/payments/cards-routes.ts) and the sandbox provider's setup-intent
// endpoints. The card number goes only to the provider (confirmSetupCard), never to the API.
import { api } from './client.ts';
import type {
  CardChangeResponse,
  CardSetupResponse,
  CardSetup,
  CardsResponse,
  SandboxSetupIntent,
} from '../shared/card-payloads.ts';
import type { CardInput } from './payments.ts';

export type * from '../shared/card-payloads.ts';

export const getCards = (): Promise<CardsResponse> => api.get('payments/cards');
export const startCardSetup = (idempotencyKey: string): Promise<CardSetupResponse> =>
  api.post('payments/cards/setup', { idempotency_key: idempotencyKey });
export const getCardSetup = (id: number): Promise<{ setup: CardSetup; success?: 'CARD_ADDED' }> =>
  api.get(`payments/cards/setup/${id}`);
export const makeDefaultCard = (id: number): Promise<CardChangeResponse> =>
  api.post(`payments/cards/${id}/default`);
export const removeCard = (id: number): Promise<CardChangeResponse> => api.delete(`payments/cards/${id}`);

export const getSandboxSetupIntent = (
  id: string,
  clientSecret: string,
): Promise<{ intent: SandboxSetupIntent }> =>
  api.get(`sandbox-pay/setup-intents/${id}`, { client_secret: clientSecret });
export const confirmSetupCard = (
  id: string,
  clientSecret: string,
  card: CardInput,
): Promise<{ intent: SandboxSetupIntent }> =>
  api.post(`sandbox-pay/setup-intents/${id}/confirm`, { client_secret: clientSecret, ...card });
export const answerSetup3ds = (
  id: string,
  clientSecret: string,
  result: 'approve' | 'reject',
): Promise<{ intent: SandboxSetupIntent }> =>
  api.post(`sandbox-pay/setup-intents/${id}/3ds`, { client_secret: clientSecret, result });
