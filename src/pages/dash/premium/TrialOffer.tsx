// The trial (SPEC §4 "Trial", §8): a modal that opens and closes (closing clears its error); the
// server gives TRIAL_DAYS of premium once per calendar year. Success replaces the user (premium
// now) and shows USER_TRIAL_ACTIVATED_SUCCESSFULLY; a failure shows the first form error, else
// FORM_AN_ERROR_HAS_OCCURRED.
import { useState } from 'react';
import { Modal } from '../../../shell/Modal.tsx';
import { Icon } from '../../../shell/icons.tsx';
import { FormErrors } from '../../../shell/form/ErrorList.tsx';
import { activateTrial } from '../../../api/coupons.ts';
import { errorCode } from '../../../api/errors.ts';
import { setUser } from '../../../state/user.ts';
import { showToast } from '../../../state/toast.ts';
import { TRIAL_DAYS } from '../../../shared/constants.ts';

export function TrialOffer({ onActivated }: { onActivated?: () => void }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setOpen(false);
    setError(null);
  };

  async function activate() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await activateTrial();
      setUser(res.user);
      setOpen(false);
      onActivated?.();
      showToast(res.success || 'USER_TRIAL_ACTIVATED_SUCCESSFULLY', 'success');
    } catch (err) {
      setError(errorCode(err) || 'FORM_AN_ERROR_HAS_OCCURRED');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card trial-offer">
      <div>
        <h2 className="trial-offer__title">Încearcă Premium gratuit</h2>
        <p className="muted">{TRIAL_DAYS} zile de Premium, fără card. O dată pe an calendaristic.</p>
      </div>
      <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
        <Icon name="crown" /> Vreau perioada de probă
      </button>
      <Modal
        open={open}
        onClose={close}
        title="Perioada de probă Premium"
        footer={
          <div className="story-modal__actions">
            <button type="button" className="btn btn--primary" onClick={() => void activate()} disabled={busy} aria-busy={busy || undefined}>
              {busy ? 'Se activează…' : `Activează ${TRIAL_DAYS} zile gratuite`}
            </button>
            <button type="button" className="btn btn--ghost" onClick={close}>
              Mai târziu
            </button>
          </div>
        }
      >
        <p>
          Primești acum {TRIAL_DAYS} zile de Premium gratuit: grilele Premium și tot ce include abonamentul. Nu ți se cere
          cardul și nu se reînnoiește singur.
        </p>
        <p className="muted">Perioada de probă se poate activa o singură dată în fiecare an calendaristic.</p>
        <FormErrors codes={error ? [error] : []} />
      </Modal>
    </div>
  );
}
