// "Continuă cu Google": Google Identity Services, loaded only when the server's settings carry
// a client id (renders nothing otherwise). The ID-token credential goes to POST /auth/google,
// then the usual sign-in completion runs (token, user, toast, redirect).
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { loginWithGoogle } from '../api/auth.ts';
import { useAuthSuccess } from './form/useAuthSuccess.ts';
import { ErrorList } from './form/ErrorList.tsx';
import { errorsOf } from './form/useForm.ts';
import { firstCode } from '../shared/codes.ts';
import '../styles/forms.css';

type CredentialResponse = { credential?: string };
type GoogleId = {
  initialize: (options: {
    client_id: string;
    callback: (res: CredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    context?: 'signin' | 'signup' | 'use';
    itp_support?: boolean;
  }) => void;
  renderButton: (el: HTMLElement, options: Record<string, string | number>) => void;
  cancel?: () => void;
};

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

const GSI_SRC = 'https://accounts.google.com/gsi/client';
let gsiLoading: Promise<GoogleId> | null = null;

function loadGsi(): Promise<GoogleId> {
  if (gsiLoading) return gsiLoading;
  gsiLoading = new Promise<GoogleId>((resolve, reject) => {
    const ready = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('gsi missing'));
    };
    if (window.google?.accounts?.id) return ready();
    const script = document.createElement('script');
    script.src = GSI_SRC;
    script.async = true;
    script.defer = true;
    script.addEventListener('load', ready, { once: true });
    script.addEventListener(
      'error',
      () => {
        gsiLoading = null;
        script.remove();
        reject(new Error('gsi failed to load'));
      },
      { once: true },
    );
    document.head.appendChild(script);
  });
  return gsiLoading;
}

export default function GoogleButton({ context = 'signin' }: { context?: 'signin' | 'signup' }) {
  const { settings, theme } = useSnapshot(app);
  const clientId = settings?.google_client_id || null;
  const holder = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const complete = useAuthSuccess();
  const handler = useRef<(res: CredentialResponse) => void>(() => undefined);

  handler.current = (res: CredentialResponse) => {
    if (!res.credential) {
      setErrors(['FORM_GOOGLE_TOKEN_INVALID']);
      return;
    }
    setErrors([]);
    setBusy(true);
    loginWithGoogle(res.credential)
      .then((auth) => complete(auth))
      .catch((err: unknown) => {
        const code = firstCode(errorsOf(err));
        setErrors([code ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
      })
      .finally(() => setBusy(false));
  };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGsi()
      .then((gsi) => {
        if (cancelled || !holder.current) return;
        gsi.initialize({
          client_id: clientId,
          callback: (res) => handler.current(res),
          ux_mode: 'popup',
          auto_select: false,
          cancel_on_tap_outside: true,
          context,
          itp_support: true,
        });
        const width = Math.min(400, Math.max(200, Math.floor(holder.current.getBoundingClientRect().width || 320)));
        gsi.renderButton(holder.current, {
          type: 'standard',
          theme: theme === 'dark' ? 'filled_black' : 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'continue_with',
          shape: 'pill',
          logo_alignment: 'left',
          locale: 'ro',
          width,
        });
      })
      .catch(() => {
        if (!cancelled) setErrors(['FORM_GOOGLE_NOT_CONFIGURED']);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, context, theme]);

  if (!clientId) return null;
  return (
    <div className="form-google" aria-busy={busy || undefined}>
      <div className="form-divider" role="presentation">
        <span>sau</span>
      </div>
      <div ref={holder} className="form-google__button" />
      {busy ? <p className="form-field__hint">Se conectează cu Google…</p> : null}
      <div role="alert">
        <ErrorList codes={errors} className="form-errors" />
      </div>
    </div>
  );
}
