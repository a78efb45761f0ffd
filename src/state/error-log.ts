// Uncaught interface errors → POST /error-logs (SPEC §7). An identical error within 30 s of
// the previous identical one is not resent. The dedupe rule is a pure function.
import { ERROR_LOG_DEDUPE_MS, ERROR_LOG_MAX_FIELD } from '../shared/constants.ts';
import type { ErrorLogBody } from '../shared/validation.ts';
import { getItem } from './storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { app } from './app.ts';
import { postErrorLog } from '../api/user.ts';

export type SentErrors = Map<string, number>;

export function errorSignature(message: string, stack?: string | null): string {
  return `${message}\n${stack ?? ''}`;
}

/**
 * True when the error should be sent, and records it. `sent` maps signatures to the time they
 * were last sent; entries older than the window are pruned.
 */
export function shouldSendError(sent: SentErrors, signature: string, now: number, windowMs = ERROR_LOG_DEDUPE_MS): boolean {
  for (const [key, at] of sent) if (now - at >= windowMs) sent.delete(key);
  const last = sent.get(signature);
  if (last !== undefined && now - last < windowMs) return false;
  sent.set(signature, now);
  return true;
}

const clip = (s: string) => (s.length > ERROR_LOG_MAX_FIELD ? s.slice(0, ERROR_LOG_MAX_FIELD) : s);

/** Builds the payload from anything thrown. */
export function errorPayload(error: unknown, additionalInfo?: string): ErrorLogBody {
  let message: string;
  let stack: string | null = null;
  if (error instanceof Error) {
    message = error.message || error.name || 'Error';
    stack = error.stack ?? null;
  } else if (typeof error === 'string') message = error;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  const userId = app.user?.id ?? getItem(STORAGE.userId);
  return {
    error_message: clip(message || 'Unknown error'),
    error_stack: stack ? clip(stack) : null,
    additional_info: additionalInfo ? clip(additionalInfo) : null,
    user_id: userId ?? null,
    page_url: typeof window !== 'undefined' ? window.location.href.slice(0, 2000) : null,
  };
}

const sent: SentErrors = new Map();

/** Browser noise that is not an application error. */
const IGNORED = [/ResizeObserver loop/i, /^Script error\.?$/];

export function isIgnoredError(message: string): boolean {
  return IGNORED.some((re) => re.test(message));
}

/** Sends an error log unless an identical one went out less than 30 s ago. Never throws. */
export async function reportError(error: unknown, additionalInfo?: string, now = Date.now()): Promise<boolean> {
  const body = errorPayload(error, additionalInfo);
  if (isIgnoredError(body.error_message)) return false;
  if (!shouldSendError(sent, errorSignature(body.error_message, body.error_stack), now)) return false;
  try {
    await postErrorLog(body);
  } catch {
    /* logging must never create new errors */
  }
  return true;
}

let installed = false;

/** window 'error' and 'unhandledrejection' handlers (the React boundary calls reportError itself). */
export function installErrorLogging(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    const info = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : 'window.onerror';
    void reportError(event.error ?? event.message, info);
  });
  window.addEventListener('unhandledrejection', (event) => {
    void reportError(event.reason, 'unhandledrejection');
  });
}
