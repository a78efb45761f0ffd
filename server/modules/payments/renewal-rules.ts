// The renewal schedule (renewal.ts), apart so the subscriber's view (subscription.ts) can disclose
// the next charge date without importing the job.

/** The first charge, this long before the paid period ends. */
export const RENEW_LEAD_MS = 24 * 3600_000;
/** Retries, in days after the first failure; then the subscription ends. */
export const RETRY_DAYS = [1, 3, 5] as const;
