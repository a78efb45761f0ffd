// Content-Security-Policy: own origin, plus Google sign-in and reCAPTCHA only when configured,
// and the realtime websocket host.
import type { Config } from '../config.ts';

// upgrade-insecure-requests only behind https: on a plain-http address (a phone on the LAN
// opening http://192.168.x.x:8080) it would turn every asset request into a failing https one.
export function csp(config: Config): Record<string, string[] | null> {
  const google = config.GOOGLE_CLIENT_ID ? ['https://accounts.google.com', 'https://accounts.google.com/gsi/'] : [];
  const captcha = config.RECAPTCHA_SITE_KEY ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];
  const ws = config.PUSHER_HOST ? [`ws://${config.PUSHER_HOST}:*`, `wss://${config.PUSHER_HOST}:*`] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...google, ...captcha],
    styleSrc: ["'self'", "'unsafe-inline'", ...google],
    imgSrc: ["'self'", 'data:', 'blob:', 'https://lh3.googleusercontent.com'],
    connectSrc: ["'self'", 'ws:', 'wss:', ...google, ...captcha, ...ws],
    frameSrc: ["'self'", ...google, ...captcha],
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
