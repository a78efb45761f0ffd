// The mail queue (server/lib/jobs.ts): a request queues its message and answers; whichever process
// is free delivers it. A failed delivery (mail server away, refused) is retried with a growing pause
// (1 s, 2 s, 4 s … about 70 minutes in all), and a job is marked done only after the transport took
// the message, so it goes once: a retry reuses the job's Message-ID. Finished jobs leave the queue
// within hours (server/lib/jobs.ts), since a message may carry a sign-in link.
import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import { bossOn } from '../../lib/jobs.ts';
import type { Mail, MailQueuePort } from './mailer.ts';

export const MAIL_QUEUE = 'mail-send';
const MAIL_RETRY_LIMIT = 12;

export type MailQueue = MailQueuePort & { stop(): Promise<void> };

function messageIdOf(jobId: string, publicUrl: string): string {
  return `<${jobId}@${new URL(publicUrl).hostname}>`;
}

export async function startMailQueue(app: FastifyInstance, work: boolean): Promise<MailQueue> {
  const b: PgBoss = bossOn(app.db, app.config.JOBS_SCHEMA);
  b.on('error', (err) => app.log.warn({ err }, 'mail queue'));
  await b.start();
  await b.createQueue(MAIL_QUEUE, {
    name: MAIL_QUEUE,
    retryLimit: MAIL_RETRY_LIMIT,
    retryDelay: 1,
    retryBackoff: true,
    expireInSeconds: 120,
  });
  if (work)
    await b.work<{ mail: Mail }>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 1 }, async ([job]) => {
      try {
        await app.mailer.deliver(job!.data.mail, messageIdOf(job!.id, app.config.publicUrl));
      } catch (err) {
        app.log.warn({ err, to: job!.data.mail.to, job: job!.id }, 'mail not delivered; the queue retries');
        throw err;
      }
    });
  return {
    async enqueue(mail) {
      await b.send(MAIL_QUEUE, { mail });
    },
    async stop() {
      await b.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
