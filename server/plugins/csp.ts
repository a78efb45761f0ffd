// Content-Security-Policy: own origin, plus Google sign-in, reCAPTCHA and Stripe.js only when configured,
// and the realtime websocket: this origin's (named too, for browsers whose 'self' leaves out ws:)
// or the external engine's host — never any ws:/wss: host.
import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import { THEME_SCRIPT } from '../../src/shared/theme-script.ts';
import { BOOT_LOADER_SCRIPT } from '../../src/shared/boot-loader.ts';
import { paymentsMode } from '../modules/payments/mode.ts';

/** The theme script server-rendered pages inline in <head> (server/plugins/web.ts), allowed by hash. */
export const THEME_SCRIPT_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
/** The loader that asks for the app's modules after the first paint (src/shared/boot-loader.ts). */
export const BOOT_LOADER_HASH = `'sha256-${createHash('sha256').update(BOOT_LOADER_SCRIPT).digest('base64')}'`;

// upgrade-insecure-requests only behind https: on a plain-http address (a phone on the LAN
// opening http://192.168.x.x:8080) it would turn every asset request into a failing https one.
export function csp(config: Config): Record<string, string[] | null> {
  const google = config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com', 'https://accounts.google.com/gsi/'] : [];
  const captcha = config.RECAPTCHA_SITE_KEY ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const ws = realtimeSources(config);
  // Stripe.js (loaded by the card form only), its card and 3-D Secure frames, and its API calls.
  const stripe = paymentsMode(config) === 'stripe';
  const stripeJs = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", THEME_SCRIPT_HASH, BOOT_LOADER_HASH, ...google, ...captcha, ...stripeJs],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com'],
    connectSrc: ["'self'", ...ws, ...google, ...captcha, ...(stripe ? ['https://api.stripe.com'] : [])],
    frameSrc: ["'self'", ...google, ...captcha, ...stripeJs, ...(stripe ? ['https://hooks.stripe.com'] : [])],
    fontSrc: ["'self'", 'data:'],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
  };
}

/** Where the realtime client connects: PUSHER_HOST when set (its scheme and port), else this origin. */
export function realtimeSources(config: Pick<Config, 'PUSHER_HOST' | 'PUSHER_PORT' | 'PUSHER_SCHEME' | 'publicUrl'>): string[] {
  const own = new URL(config.publicUrl);
  const secure = (config.PUSHER_SCHEME ?? own.protocol.slice(0, -1)) === 'https';
  if (!config.PUSHER_HOST) return [`${own.protocol === 'https:' ? 'wss' : 'ws'}://${own.host}`];
  // The client uses PUSHER_PORT, or the page's port when none is set.
  const port = config.PUSHER_PORT ? `:${config.PUSHER_PORT}` : ':*';
  return [`${secure ? 'wss' : 'ws'}://${config.PUSHER_HOST}${port}`];
}
