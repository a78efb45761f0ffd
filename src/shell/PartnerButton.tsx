// "Continuă cu <partener>" on /conectare and /inregistrare (a new partner account is made on its first
// sign-in, server/modules/partner/service.ts): shown only when the server names a configured
// partner (GET /settings partner_name). Asks the API for the partner's authorization URL and goes there.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { app } from '../state/app.ts';
import { getItem } from '../state/storage.ts';
import { STORAGE } from '../shared/storage-keys.ts';
import { goToPartner, startPartnerLogin } from '../api/partner.ts';
import { ErrorList } from './form/ErrorList.tsx';
import { errorsOf } from './form/useForm.ts';
import { firstCode } from '../shared/codes.ts';
import '../styles/forms.css';

export default function PartnerButton() {
  const { settings } = useSnapshot(app);
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const name = settings?.partner_name || null;
  if (!name) return null;

  const go = async () => {
    setBusy(true);
    setErrors([]);
    try {
      goToPartner(await startPartnerLogin(), 'login', params.get('redirect') ?? getItem(STORAGE.redirect));
    } catch (err) {
      setErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
      setBusy(false);
    }
  };

  return (
    <div className="form-google form-partner">
      {settings?.google_client_id ? null : (
        <div className="form-divider" role="presentation">
          <span>sau</span>
        </div>
      )}
      <div className="form-actions">
        <button
          type="button"
          className="form-btn form-btn--secondary"
          onClick={go}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? (
            <>
              <span className="form-spinner" aria-hidden="true" />
              Se deschide {name}…
            </>
          ) : (
            <>Continuă cu {name}</>
          )}
        </button>
      </div>
      <div role="alert">
        <ErrorList codes={errors} className="form-errors" />
      </div>
    </div>
  );
}
