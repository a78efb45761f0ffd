import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { preloadCaptcha } from '../captcha.ts';
import '../../styles/forms.css';

/**
 * Google's required notice when the reCAPTCHA badge is hidden; renders nothing (and loads
 * nothing) unless the server configured a site key. Mounting it preloads the script.
 */
export function CaptchaNotice() {
  const { settings } = useSnapshot(app);
  const key = settings?.recaptcha_site_key;
  useEffect(() => {
    if (key) preloadCaptcha();
  }, [key]);
  if (!key) return null;
  return (
    <p className="form-captcha-notice">
      Acest site este protejat de reCAPTCHA și se aplică{' '}
      <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
        Politica de confidențialitate
      </a>{' '}
      și{' '}
      <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer">
        Termenii și condițiile
      </a>{' '}
      Google.
    </p>
  );
}
