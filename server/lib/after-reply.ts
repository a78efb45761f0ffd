// Work kept off the request path: it runs after the handler has answered, its errors are logged,
// and nothing about it (how long it takes, whether it found anything) can shape the answer.
// The password-reset mail uses it so a known and an unknown address are answered alike.
import type { FastifyBaseLogger } from 'fastify';

const pending = new Set<Promise<void>>();
let gate: Promise<void> | null = null;

/** Runs `task` on a later turn of the event loop, never awaited by the caller. */
export function afterReply(log: Pick<FastifyBaseLogger, 'error'>, what: string, task: () => Promise<void>): void {
  const run = new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => gate)
    .then(task)
    .catch((err: unknown) => log.error({ err }, `${what} failed`))
    .finally(() => pending.delete(run));
  pending.add(run);
}

/** Resolves once every task started so far (and any they start) has finished: for shutdown and tests. */
export async function afterReplySettled(): Promise<void> {
  while (pending.size) await Promise.all([...pending]);
}

/**
 * Holds every task until the returned function is called: lets a test look at what the request
 * path alone did. Not for production code.
 */
export function holdAfterReplyTasks(): () => void {
  let release!: () => void;
  gate = new Promise<void>((resolve) => (release = resolve));
  return () => {
    gate = null;
    release();
  };
}
