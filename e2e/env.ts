import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_SELLER } from '../tests/test-seller.ts';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'grilio-e2e');
/** The local OpenID provider standing in for the partner (e2e/partner.spec.ts starts it on this port). */
export const E2E_PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? E2E_PORT + 1);
export const E2E_PARTNER = { clientId: 'grilio-e2e', clientSecret: 'e2e-only-partner-secret-0123456789', name: 'Partener Test' };

/** What every server the end-to-end tests start runs with (the single one and the cluster's). */
export const E2E_SERVER_ENV: Record<string, string> = {
  LOG_LEVEL: 'warn',
  LOGIN_RATE_PER_IP: '1000',
  LOGIN_RATE_PER_ACCOUNT: '1000',
  // The specs register far more than a class would in an hour, all from 127.0.0.1.
  REGISTER_RATE_PER_IP: '1000',
  EMAIL_CONFIRM_RATE_PER_IP: '1000',
  // The server runs as in production, where the payment sandbox is off unless named.
  PAYMENTS_PROVIDER: 'sandbox',
  // The seller on the invoices (e2e/invoices.spec.ts reads them in the PDF): a test company.
  ...TEST_SELLER,
};
