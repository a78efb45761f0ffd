// reCAPTCHA v3 check shared by register, login, forgot-password and the contact form.
// Off when RECAPTCHA_SECRET is not set. A missing token is FORM_CAPTCHA_REQUIRED (field captcha);
// a rejected token, a low score or an unreachable verifier is FORM_CAPTCHA_FAILED (fail closed).
import type { Config } from '../config.ts';
import { badRequest } from './errors.ts';

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  json(): Promise<unknown>;
}>;

export type CaptchaOptions = {
  /** Verification endpoint (tests point it at a local server). */
  url?: string;
  fetch?: FetchLike;
  timeoutMs?: number;
  /** When given, the token's action must match (reCAPTCHA v3 `action`). */
  expectedAction?: string;
};

/** Process-wide defaults; tests call setCaptchaDefaults({ url }) to use a local verifier. */
const defaults: Required<Pick<CaptchaOptions, 'url' | 'timeoutMs'>> & { fetch: FetchLike } = {
  url: SITEVERIFY_URL,
  fetch: (url, init) => fetch(url, init),
  timeoutMs: 5000,
};

export function setCaptchaDefaults(opts: Partial<Pick<CaptchaOptions, 'url' | 'fetch' | 'timeoutMs'>>): void {
  if (opts.url !== undefined) defaults.url = opts.url;
  if (opts.fetch !== undefined) defaults.fetch = opts.fetch;
  if (opts.timeoutMs !== undefined) defaults.timeoutMs = opts.timeoutMs;
}

export function captchaEnabled(config: Pick<Config, 'RECAPTCHA_SECRET'>): boolean {
  return Boolean(config.RECAPTCHA_SECRET);
}

type SiteverifyAnswer = { success?: unknown; score?: unknown; action?: unknown };

/** Resolves when the captcha passes (or is off); throws a 422 AppError otherwise. */
export async function verifyCaptcha(
  config: Pick<Config, 'RECAPTCHA_SECRET' | 'RECAPTCHA_MIN_SCORE'>,
  token: string | null | undefined,
  ip: string | undefined,
  opts: CaptchaOptions = {},
): Promise<void> {
  const secret = config.RECAPTCHA_SECRET;
  if (!secret) return;
  if (!token || !token.trim()) throw badRequest('FORM_CAPTCHA_REQUIRED', 'captcha');
  const form = new URLSearchParams({ secret, response: token });
  if (ip) form.set('remoteip', ip);
  let answer: SiteverifyAnswer;
  try {
    const res = await (opts.fetch ?? defaults.fetch)(opts.url ?? defaults.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      signal: AbortSignal.timeout(opts.timeoutMs ?? defaults.timeoutMs),
    });
    if (!res.ok) throw new Error('siteverify answered with an error status');
    answer = (await res.json()) as SiteverifyAnswer;
  } catch {
    throw badRequest('FORM_CAPTCHA_FAILED', 'captcha');
  }
  const scoreOk =
    answer.score === undefined ||
    (typeof answer.score === 'number' && answer.score >= config.RECAPTCHA_MIN_SCORE);
  const actionOk = !opts.expectedAction || answer.action === opts.expectedAction;
  if (answer.success !== true || !scoreOk || !actionOk) throw badRequest('FORM_CAPTCHA_FAILED', 'captcha');
}
