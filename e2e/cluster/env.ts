import { tmpdir } from 'node:os';
import { join } from 'node:path';
// Where the cluster end-to-end tests find the cluster (e2e/cluster/start.ts starts it).
export const CLUSTER_PORT = Number(process.env.CLUSTER_E2E_PORT ?? 8191);
export const CLUSTER_URL = `http://127.0.0.1:${CLUSTER_PORT}`;
/** The app processes behind nginx, for the tests that must sit on one process or the other. */
export const NODE_URLS = [CLUSTER_PORT + 100, CLUSTER_PORT + 101].map((p) => `http://127.0.0.1:${p}`);
/** The fault switchboard of start.ts: cut PostgreSQL or Redis, kill or restart processes. */
export const CONTROL_URL = `http://127.0.0.1:${CLUSTER_PORT - 2}`;
export const METRICS_TOKEN = 'cluster-e2e-metrics-token-0123';
/** The cluster's folder (each process's DATA_DIR under it: app-1, app-2). */
export const CLUSTER_DIR = process.env.CLUSTER_E2E_DIR ?? join(tmpdir(), 'grilio-cluster-e2e');
