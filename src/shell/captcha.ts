// reCAPTCHA v3, invisible (SPEC §7: "A captcha service is loaded (invisible, badge hidden)").
// The script is loaded only when the server's settings carry a site key; without one every
// form simply sends no token. Hiding the badge requires showing Google's notice instead
// (see CaptchaNotice in ./form/CaptchaNotice.tsx).
import { app } from '../state/app.ts';

type Grecaptcha = {
  ready: (cb: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const CAPTCHA_BADGE_CSS = '.grecaptcha-badge{visibility:hidden}';
const STYLE_ID = 'grecaptcha-badge-hidden';
const SCRIPT_ID = 'grecaptcha-script';

let loading: Promise<Grecaptcha> | null = null;
let loadedKey: string | null = null;

export function captchaSiteKey(): string | null {
  return app.settings?.recaptcha_site_key || null;
}

function hideBadge(): void {
  if (document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = CAPTCHA_BADGE_CSS;
  document.head.appendChild(style);
}

/** Loads the reCAPTCHA script once for the site key; resolves when `grecaptcha` is ready. */
export function loadCaptcha(siteKey: string): Promise<Grecaptcha> {
  if (loading && loadedKey === siteKey) return loading;
  loadedKey = siteKey;
  hideBadge();
  loading = new Promise<Grecaptcha>((resolve, reject) => {
    const done = () => {
      const g = window.grecaptcha;
      if (!g) return reject(new Error('grecaptcha missing'));
      g.ready(() => resolve(g));
    };
    if (window.grecaptcha) return done();
    const existing = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', done, { once: true });
    script.addEventListener(
      'error',
      () => {
        loading = null;
        loadedKey = null;
        script.remove();
        reject(new Error('grecaptcha failed to load'));
      },
      { once: true },
    );
    if (!existing) {
      script.id = SCRIPT_ID;
      script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}&hl=ro`;
      script.async = true;
      script.defer = true;
      document.head.appendChild(script);
    }
  });
  return loading;
}

/** Starts loading early (on form mount) when configured, so the submit does not wait. */
export function preloadCaptcha(): void {
  const key = captchaSiteKey();
  if (key) loadCaptcha(key).catch(() => undefined);
}

/**
 * A token for `action` (login, register, forgot_password, contact); undefined when captcha is
 * not configured or could not load — the server then answers FORM_CAPTCHA_REQUIRED if it needs one.
 */
export async function getCaptchaToken(action: string): Promise<string | undefined> {
  const key = captchaSiteKey();
  if (!key) return undefined;
  try {
    const g = await loadCaptcha(key);
    return await g.execute(key, { action });
  } catch {
    return undefined;
  }
}

/** Test hook: forget the loaded script state. */
export function resetCaptchaForTests(): void {
  loading = null;
  loadedKey = null;
}
