// "Plătește acum" after a failed renewal (issue 23 §1), apart from the subscriber's view so that
// the view does not import the job (which imports the payments service).
import type { SubscriptionResponse } from '../../../src/shared/payment-payloads.ts';
import type { ErrorCode } from '../../../src/shared/codes.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { retryNow, type RenewalDeps } from './renewal.ts';
import { subscriptionView } from './subscription.ts';

/**
 * "Plătește acum": the failing renewal is charged at once with the default card. Paid: the view,
 * renewed. Declined again: the card's code (the attempt counts, as the job's would).
 */
export async function retryRenewal(deps: RenewalDeps, userId: number): Promise<SubscriptionResponse & { success: 'SUBSCRIPTION_RENEWED' }> {
  const outcome = await retryNow(deps, userId);
  if (outcome === null) throw notFound('FORM_SUBSCRIPTION_NOT_FOUND');
  if (outcome === 'later') throw conflict('FORM_PAYMENT_PENDING');
  if (outcome !== 'succeeded') {
    const row = await deps.db.one<{ last_code: string | null }>(
      'select last_code from subscription_renewals where user_id = $1 order by updated_at desc limit 1',
      [userId],
    );
    throw conflict((row?.last_code ?? 'FORM_CARD_DECLINED') as ErrorCode);
  }
  return { success: 'SUBSCRIPTION_RENEWED', ...(await subscriptionView(deps.db, userId)) };
}
