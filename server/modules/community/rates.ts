// Rate limits of the community routes (issue 7 §5), exported for the tests.

/** Per-user limits: enough for a lively discussion, too few to flood a thread. */
export const COMMENT_WRITE_RATE = { max: 20, timeWindow: '10 minutes' };
export const COMMENT_VOTE_RATE = { max: 120, timeWindow: '1 minute' };
export const COMMENT_REPORT_RATE = { max: 20, timeWindow: '1 hour' };
export const PROPOSAL_WRITE_RATE = { max: 5, timeWindow: '1 hour' };
/** The public list, per IP (no account): generous for readers, a ceiling for scrapers. */
export const PUBLIC_READ_RATE = { max: 120, timeWindow: '1 minute' };

/** Keyed by the signed-in user (the rate-limit hook runs after app.authenticate in onRequest). */
export const perUser = (name: string, rate: { max: number; timeWindow: string }) => ({
  rateLimit: {
    ...rate,
    keyGenerator: (req: { auth?: { id: number } | null; ip: string }) => `${name}:${req.auth?.id ?? req.ip}`,
  },
});

