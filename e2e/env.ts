import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), 'grilio-e2e');
