import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'grilio-e2e');
/** The local OpenID provider standing in for the partner (e2e/partner.spec.ts starts it on this port). */
export const E2E_PARTNER_PORT = Number(process.env.E2E_PARTNER_PORT ?? E2E_PORT + 1);
export const E2E_PARTNER = { clientId: 'grilio-e2e', clientSecret: 'e2e-only-partner-secret-0123456789', name: 'Partener Test' };
