// /cont "Contul partener": connect the partner account (OpenID Connect, issue 8 §6) or disconnect it.
// Rendered only when the server names a configured partner; the status comes from GET /user/partner.
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { app } from '../../../state/app.ts';
import { showToast } from '../../../state/toast.ts';
import { firstCode } from '../../../shared/codes.ts';
import { messageFor } from '../../../shared/messages.ro.ts';
import type { PartnerStatus } from '../../../shared/partner.ts';
import { disconnectPartner, getPartnerStatus, goToPartner, startPartnerLink } from '../../../api/partner.ts';
import { errorsOf } from '../../../shell/form/useForm.ts';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { Section } from './section.tsx';

/** The partner status of the signed-in user, or null while unknown (or when no partner is configured). */
export function usePartnerStatus(userId: number) {
  const { settings } = useSnapshot(app);
  const enabled = Boolean(settings?.partner_name);
  const [status, setStatus] = useState<PartnerStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(() => {
    setError(null);
    getPartnerStatus()
      .then(setStatus)
      .catch((err: unknown) => setError(firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED'));
  }, []);
  useEffect(() => {
    if (enabled) reload();
  }, [enabled, reload, userId]);
  return { enabled, status, error, reload, setStatus };
}

const dateRo = (iso: string) => new Date(iso).toLocaleDateString('ro-RO', { day: 'numeric', month: 'long', year: 'numeric' });

export function PartnerSection({ partner }: { partner: ReturnType<typeof usePartnerStatus> }) {
  const { settings, product } = useSnapshot(app);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const name = settings?.partner_name;
  if (!partner.enabled || !name) return null;
  const { status } = partner;

  const connect = async () => {
    setBusy(true);
    setErrors([]);
    try {
      goToPartner(await startPartnerLink(), 'link');
    } catch (err) {
      setErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
      setBusy(false);
    }
  };
  const disconnect = async () => {
    setBusy(true);
    setErrors([]);
    try {
      const res = await disconnectPartner();
      showToast(res?.success || 'PARTNER_DISCONNECTED', 'success');
      setConfirming(false);
      partner.reload();
    } catch (err) {
      setErrors([firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED']);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section id="partener" title="Contul partener">
      {partner.error ? (
        <>
          <FormErrors codes={[partner.error]} />
          <button type="button" className="form-btn form-btn--secondary" onClick={partner.reload}>
            Încearcă din nou
          </button>
        </>
      ) : !status ? (
        <p role="status">
          <span className="form-spinner" aria-hidden="true" /> Se încarcă…
        </p>
      ) : status.connected ? (
        <div className="form">
          <p className="form-notice" role="note" data-testid="partner-connected">
            Contul tău este conectat cu {name}
            {status.email ? ` (${status.email})` : ''}
            {status.connected_at ? ` din ${dateRo(status.connected_at)}` : ''}. Te poți conecta și cu {name}.
          </p>
          {!status.can_disconnect ? (
            <p className="form-field__hint">{messageFor('FORM_PARTNER_DISCONNECT_NOT_ALLOWED', product)}</p>
          ) : confirming ? (
            <>
              <p className="form-field__hint">
                După deconectare nu te mai poți conecta cu {name}, ci doar cu emailul și parola. Deconectezi?
              </p>
              <div className="form-actions">
                <button type="button" className="form-btn form-btn--danger" onClick={disconnect} disabled={busy} aria-busy={busy || undefined}>
                  {busy ? 'Se deconectează…' : 'Da, deconectează'}
                </button>
                <button type="button" className="form-btn form-btn--secondary" onClick={() => setConfirming(false)} disabled={busy}>
                  Renunță
                </button>
              </div>
            </>
          ) : (
            <button type="button" className="form-btn form-btn--secondary" onClick={() => setConfirming(true)}>
              Deconectează {name}
            </button>
          )}
          <FormErrors codes={errors} />
        </div>
      ) : (
        <div className="form">
          <p className="form-field__hint">
            Leagă contul tău de {name} ca să te poți conecta și cu el. Cât timp este legat, parola nu se poate schimba.
          </p>
          <button type="button" className="form-btn form-btn--primary" onClick={connect} disabled={busy} aria-busy={busy || undefined}>
            {busy ? `Se deschide ${name}…` : `Conectează ${name}`}
          </button>
          <FormErrors codes={errors} />
        </div>
      )}
    </Section>
  );
}
