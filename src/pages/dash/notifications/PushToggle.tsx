// "Notificări pe dispozitiv" (issue 7 §4): Web Push on this browser, offered only where it can work.
import { useEffect, useState } from 'react';
import { getPushSettings } from '../../../api/notifications.ts';
import { errorCode } from '../../../api/errors.ts';
import { Checkbox, ErrorList } from '../../../shell/form/index.ts';
import { showToast } from '../../../state/toast.ts';
import { deviceSubscription, disablePush, enablePush, pushAvailability } from '../../../offline/web-push.ts';

type State = { publicKey: string; on: boolean } | null;

export function PushToggle() {
  const [availability] = useState(pushAvailability);
  const [state, setState] = useState<State>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (availability === 'unsupported') return;
    let alive = true;
    void Promise.all([getPushSettings(), deviceSubscription()])
      .then(([settings, sub]) => {
        if (alive) setState({ publicKey: settings.public_key, on: settings.enabled && sub !== null });
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [availability]);

  if (availability === 'unsupported' || !state) return null;

  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      showToast(next ? await enablePush(state.publicKey) : await disablePush());
      setState({ ...state, on: next });
    } catch (err) {
      setError(err instanceof Error && err.message.startsWith('FORM_') ? err.message : errorCode(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="notifications-push card">
      <Checkbox
        label="Notificări pe dispozitiv"
        name="push"
        value={state.on}
        disabled={busy || availability === 'denied'}
        onChange={(v) => void change(v)}
      />
      <p className="muted notifications-push__hint">
        {availability === 'denied'
          ? 'Browserul blochează notificările pentru acest site; le poți permite din setările lui.'
          : 'Le primești și când aplicația e închisă. Oprite, nu mai trimitem notificări pe niciun dispozitiv al contului.'}
      </p>
      {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
    </div>
  );
}
