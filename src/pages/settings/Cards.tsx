// /setari/carduri (issue 8 §3): the saved cards, newest first (client state src/state/cards.ts),
// make default, remove, and add one (with 3-D Secure when the bank asks; back from the 3-D Secure
// page with ?adaugare=ID the server's word on that attempt is shown). Renewal charges the default
// card; with a renewing subscription and no card, the page says there is no default payment method.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { cardsState, addCard, setCards } from '../../state/cards.ts';
import { showToast } from '../../state/toast.ts';
import { errorCode } from '../../api/errors.ts';
import {
  getCardSetup,
  getCards,
  makeDefaultCard,
  removeCard,
  type CardChangeResponse,
  type CardSetup,
} from '../../api/cards.ts';
import { getPackages } from '../../api/payments.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { TestCards } from '../dash/premium/TestCards.tsx';
import { AddCardForm } from './cards/AddCardForm.tsx';
import { brandName, CardList } from './cards/CardList.tsx';
import '../dash/premium/premium.css';
import '../../styles/forms.css';
import './cards/cards.css';

// Stripe's card form (and Stripe.js with it) is fetched only when the provider is Stripe.
const StripeAddCardForm = lazy(() => import('./cards/StripeAddCardForm.tsx'));

function CardsPage() {
  const { user } = useSnapshot(app);
  const userId = user?.id ?? 0;
  const state = useSnapshot(cardsState);
  const [loaded, setLoaded] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [provider, setProvider] = useState<'sandbox' | 'stripe' | null | undefined>(undefined);
  const [stripeKey, setStripeKey] = useState<string | null>(null);
  const [returnedError, setReturnedError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();

  useEffect(() => {
    if (!userId) return;
    getCards().then(
      (r) => {
        setCards(userId, r);
        setLoaded(true);
      },
      (err) => setLoadError(errorCode(err)),
    );
    getPackages().then(
      (r) => {
        setProvider(r.provider);
        setStripeKey(r.stripe_publishable_key);
      },
      () => setProvider(null),
    );
  }, [userId]);

  function added(setup: CardSetup) {
    if (setup.card) addCard(userId, setup.card);
    showToast('CARD_ADDED');
    // The server's list again: it knows which card is the default and whether a renewal waits.
    void getCards().then((r) => setCards(userId, r));
  }

  // Back from 3-D Secure: the server's word on the attempt, then the query is dropped.
  const returned = params.get('adaugare');
  useEffect(() => {
    if (!returned || !/^\d{1,10}$/.test(returned) || !userId) return;
    getCardSetup(Number(returned)).then(
      ({ setup }) => {
        if (setup.status === 'succeeded') added(setup);
        else setReturnedError(setup.failure_code ?? 'FORM_CARD_DECLINED');
        setParams({}, { replace: true });
      },
      (err) => setReturnedError(errorCode(err)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned, userId]);

  async function act(id: number, call: () => Promise<CardChangeResponse>) {
    setBusy(id);
    setActionError(null);
    try {
      const r = await call();
      setCards(userId, r);
      if (r.success) showToast(r.success);
      return true;
    } catch (err) {
      setActionError(errorCode(err));
      return false;
    } finally {
      setBusy(null);
    }
  }

  // Deleting the card that renews hands the renewal to another: said plainly, naming that card
  // (issue 32 §1: the toast said only "deleted" while another card silently became the default).
  const [renewalNote, setRenewalNote] = useState<string | null>(null);
  async function remove(id: number): Promise<boolean> {
    const before = state.cards.find((c) => c.is_default)?.id ?? null;
    setRenewalNote(null);
    const ok = await act(id, () => removeCard(id));
    // The store as the server left it (the snapshot of this render is older).
    const now = cardsState.cards.find((c) => c.is_default);
    if (ok && before === id && now && cardsState.renews) setRenewalNote(`Abonamentul se reînnoiește de acum cu cardul ${brandName(now.brand)} •••• ${now.last4}. Îl poți schimba cu „Fă implicit” la alt card.`);
    return ok;
  }

  const mine = state.userId === userId;
  const cards = mine ? state.cards : [];
  const renews = mine && state.renews;
  return (
    <section className="page page--narrow cards-page">
      <header className="page-header">
        <h1>Carduri</h1>
        <p>Cardurile salvate pentru abonamentul Premium. Cu cardul implicit se reînnoiește abonamentul.</p>
      </header>
      <div className="card cards-page__section">
        <h2>Cardurile tale</h2>
        {loadError ? (
          <FormErrors codes={[loadError]} />
        ) : !loaded ? (
          <p className="muted">Se încarcă cardurile…</p>
        ) : cards.length ? (
          <>
            <CardList
              cards={cards}
              busy={busy}
              onDefault={(id) => void act(id, () => makeDefaultCard(id))}
              onRemove={(id) => remove(id)}
              keepLast={renews}
            />
            <FormErrors codes={actionError ? [actionError] : []} />
            {renewalNote ? (
              <p className="notice" role="status" data-testid="renewal-card-note">
                {renewalNote}
              </p>
            ) : null}
            {renews ? (
              <p className="cards-page__note muted" id="last-card-reason">
                Abonamentul tău se reînnoiește automat cu cardul implicit, așa că ultimul card nu poate fi
                șters. Dacă nu mai vrei reînnoirea, anulează abonamentul din pagina{' '}
                <Link to="/cont/premium">Premium</Link>.
              </p>
            ) : null}
          </>
        ) : renews ? (
          <>
            <FormErrors codes={['FORM_NO_DEFAULT_PAYMENT_METHOD']} />
            <p className="cards-page__note muted">
              Adaugă un card mai jos, altfel abonamentul nu se poate reînnoi.
            </p>
          </>
        ) : (
          <p className="cards-page__empty muted">Nu ai niciun card salvat.</p>
        )}
      </div>
      <div className="card checkout__pay">
        {provider === undefined ? (
          <p className="muted">Se încarcă…</p>
        ) : provider === 'stripe' && stripeKey ? (
          // 3-D Secure runs in Stripe.js's dialog, on this page: no ?adaugare= return to read.
          <Suspense fallback={<p className="muted">Se încarcă formularul cardului…</p>}>
            <StripeAddCardForm publishableKey={stripeKey} onAdded={added} />
          </Suspense>
        ) : provider !== 'sandbox' ? (
          // No provider, or Stripe without the publishable key Stripe.js needs (as on the premium page).
          <FormErrors codes={['FORM_PAYMENTS_DISABLED']} />
        ) : (
          <>
            <AddCardForm key={returnedError ?? ''} onAdded={added} initialError={returnedError} />
            <TestCards />
          </>
        )}
      </div>
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Cards() {
  return (
    <NetworkRequired title="Carduri">
      <CardsPage />
    </NetworkRequired>
  );
}
