// /memento/oprire?t=<token>: the plan reminder mail's unsubscribe link (issue 31 §1), signed in or
// not. Opening it changes nothing (mail scanners and link previews open links): the reminder is
// turned off only by the button, which posts the token (POST /plan/reminder/unsubscribe). The page
// says what stops (the daily reminder, by e-mail and notification), what stays (the plan), and how
// to turn it back on.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { Link } from '../../router/Link.tsx';
import { app } from '../../state/app.ts';
import { turnReminderOff } from '../../api/plan.ts';
import { firstCode } from '../../shared/codes.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { REMINDER_OFF_TOKEN } from '../../shared/plan/reminder-off.ts';
import { errorsOf } from '../../shell/form/useForm.ts';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import '../../styles/forms.css';

type State = { status: 'ask' } | { status: 'sending' } | { status: 'done'; wasOn: boolean } | { status: 'error'; code: string };

/** Where the reminder is chosen again (the guard asks for a sign-in first, then comes back). */
const SETTINGS = '/teste?plan=setari';

function TurnBackOn() {
  return (
    <>
      <p className="form-page__lead">
        Îl poți porni din nou oricând: conectează-te, deschide setările planului (pe pagina Teste, butonul „Setările planului” din
        cardul „Azi”) și alege o oră la „Amintește-mi la”.
      </p>
      <SettingsLink />
    </>
  );
}

/** The way back to the reminder's choice (after a sign-in). */
function SettingsLink() {
  return (
    <div className="form-actions">
      <Link className="form-btn form-btn--secondary" to={SETTINGS}>
        Deschide setările planului
      </Link>
    </div>
  );
}

export default function ReminderOff() {
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { product } = useSnapshot(app);
  // A link cut short when copied is refused here already, without a request.
  const [state, setState] = useState<State>(() => (REMINDER_OFF_TOKEN.test(token) ? { status: 'ask' } : { status: 'error', code: 'FORM_REMINDER_LINK_INVALID' }));

  const confirm = async () => {
    setState({ status: 'sending' });
    try {
      const res = await turnReminderOff(token);
      setState({ status: 'done', wasOn: res.was_on });
    } catch (err) {
      setState({ status: 'error', code: firstCode(errorsOf(err)) ?? 'FORM_AN_ERROR_HAS_OCCURRED' });
    }
  };

  const sending = state.status === 'sending';
  const title = { ask: 'Oprești mementoul zilnic?', sending: 'Oprești mementoul zilnic?', done: 'Mementoul zilnic este oprit', error: 'Mementoul nu a fost oprit' }[state.status];
  return (
    <section className="form-page" aria-labelledby="reminder-off-title">
      <div className="form-card">
        <h1 id="reminder-off-title" className="form-page__title">
          {title}
        </h1>
        {state.status === 'ask' || state.status === 'sending' ? (
          <>
            <p className="form-page__lead">
              Mementoul zilnic al planului de studiu este emailul „Planul de azi pe {product}” (sau notificarea, pe dispozitivele cu
              notificări pornite) care îți spune, la ora aleasă, ce mai ai de făcut azi din plan.
            </p>
            <p className="form-page__lead">
              Dacă îl oprești, nu mai primești nici emailul, nici notificarea. Planul tău rămâne neschimbat: centrele, data examenului
              și minutele pe zi. Dacă vrei să primești în continuare mementoul, închide pagina: nu se schimbă nimic.
            </p>
            <div className="form-actions">
              <button type="button" className="form-btn form-btn--primary" onClick={confirm} disabled={sending} aria-busy={sending || undefined}>
                {sending ? 'Se oprește…' : 'Oprește mementoul'}
              </button>
            </div>
          </>
        ) : null}
        {state.status === 'done' ? (
          <>
            <p className="form-success" role="status">
              {state.wasOn ? messageFor('PLAN_REMINDER_TURNED_OFF', product) : 'Mementoul zilnic al planului era deja oprit.'}
            </p>
            <p className="form-page__lead">
              Nu mai primești emailul „Planul de azi pe {product}” și nici notificarea zilnică. Planul tău a rămas neschimbat.
            </p>
            <TurnBackOn />
          </>
        ) : null}
        {state.status === 'error' ? (
          <>
            <FormErrors codes={[state.code]} />
            <p className="form-page__lead">
              Mementoul a rămas cum era. Îl poți opri și din setările planului, după ce te conectezi: alege „Fără memento” la
              „Amintește-mi la”.
            </p>
            <SettingsLink />
          </>
        ) : null}
      </div>
    </section>
  );
}
