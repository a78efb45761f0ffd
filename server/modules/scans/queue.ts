// The scan queue (server/lib/jobs.ts): a scan queued by one process is read by whichever process is
// free; a job whose process died is handed out again after it expires.
import type { FastifyInstance } from 'fastify';
import { bossOn } from '../../lib/jobs.ts';

export const SCAN_QUEUE = 'scan-read';
/** A 12 MP photo reads in about a second; four photos on a busy machine stay far below this. */
const SCAN_JOB_EXPIRE_S = 300;

export type ScanQueue = { send(scanId: string): Promise<void>; stop(): Promise<void> };

/** Starts the queue; with `work` this process also reads scans (handler gets the scan id). */
export async function startScanQueue(
  app: FastifyInstance,
  work: ((scanId: string) => Promise<void>) | null,
): Promise<ScanQueue> {
  const b = bossOn(app.db, app.config.JOBS_SCHEMA);
  b.on('error', (err) => app.log.warn({ err }, 'scan queue'));
  await b.start();
  await b.createQueue(SCAN_QUEUE, { name: SCAN_QUEUE, retryLimit: 2, retryDelay: 5, expireInSeconds: SCAN_JOB_EXPIRE_S });
  if (work)
    await b.work<{ scan_id: string }>(
      SCAN_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: 1 },
      async ([job]) => work(job!.data.scan_id),
    );
  return {
    async send(scanId) {
      await b.send(SCAN_QUEUE, { scan_id: scanId }, { singletonKey: scanId });
    },
    async stop() {
      await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
