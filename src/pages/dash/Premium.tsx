// /cont/premium: the user's premium status (SPEC §4 premium display); the paid plan (its next charge,
// cancel, resume) apart from free time (issue 23 §1); the packages and the card checkout for
// everyone without a paid plan, free premium included (the paid period then starts where the free
// days end, as the checkout says); a failed renewal's banner. Back from the 3-D Secure page with
// ?comanda=ID, it shows how the server settled that order.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { Icon } from '../../shell/icons.tsx';
import { Avatar } from '../../shell/Avatar.tsx';
import { isPremiumUser, premiumDisplay, zile } from '../../shell/nav.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { showToast } from '../../state/toast.ts';
import { errorCode } from '../../api/errors.ts';
import {
  getOrder,
  getPackages,
  getSubscription,
  type PackagesResponse,
  type PaymentOrder,
  type SubscriptionResponse,
} from '../../api/payments.ts';
import { refreshUser } from './account/section.tsx';
import { PackageList } from './premium/PackageList.tsx';
import { CardForm } from './premium/CardForm.tsx';
import { FreePremiumLine, SubscriptionPanel } from './premium/SubscriptionPanel.tsx';
import { RenewalFailed } from './premium/RenewalFailed.tsx';
import { TestCards } from './premium/TestCards.tsx';
import { CouponField } from './premium/CouponField.tsx';
import { TrialOffer } from './premium/TrialOffer.tsx';
import { BuyerStep } from './premium/BuyerStep.tsx';
import { brandName } from '../settings/cards/CardList.tsx';
import '../settings/coupons.css';
import type { QuoteResponse } from '../../api/coupons.ts';
import { formatLei, longDate, monthsLabel, orderProblem, packageTitle } from './premium/format.ts';

// Stripe's card form (and Stripe.js with it) is fetched only when the provider is Stripe.
const StripeCardForm = lazy(() => import('./premium/stripe/StripeCardForm.tsx'));

function Status() {
  const { user } = useSnapshot(app);
  const days = user?.remaining_premium_days ?? -1;
  const premium = isPremiumUser(user);
  const display = premiumDisplay(days);
  return (
    <div className="premium-status">
      {premium ? (
        <Avatar src={user?.avatar_thumb_src} name={user?.name ?? ''} premium size={56} />
      ) : (
        <span className="soon__icon" style={{ margin: 0 }}>
          <Icon name="crown" />
        </span>
      )}
      <div>
        <h2 data-premium-display="">{display.text}</h2>
        <p className="muted">
          {!premium
            ? // "Spre buget!" (SPEC's banner) says itself what it means here (issue 32 §1).
              'Un loc la buget înseamnă facultate fără taxă de școlarizare. Momentan folosești contul gratuit: ai acces la cursuri, grile explicate și teste; Premium deschide toate grilele și simulările.'
            : days === 0
              ? 'Azi este ultima zi în care ai acces la funcțiile Premium.'
              : `Mai ai ${days === 1 ? 'o zi' : zile(days)} de acces la funcțiile Premium.`}
        </p>
      </div>
    </div>
  );
}

function PremiumPage() {
  const { user } = useSnapshot(app);
  const product = useProduct();
  const premium = isPremiumUser(user);
  const [params, setParams] = useSearchParams();
  const [catalogue, setCatalogue] = useState<PackagesResponse | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<number | null>(null);
  const [paid, setPaid] = useState<PaymentOrder | null>(null);
  const [returnedError, setReturnedError] = useState<string | null>(null);
  // ?cupon=CODE from /setari/cupoane fills the coupon field; the server's quote sets the price.
  const [initialCoupon] = useState(() => params.get('cupon'));
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [buyerReady, setBuyerReady] = useState(false);
  // The paid plan, the periods ahead, the renewal to disclose, the checkout terms (issue 23 §1).
  const [sub, setSub] = useState<SubscriptionResponse | null>(null);
  const [subError, setSubError] = useState<string | null>(null);
  const loadSub = () => {
    getSubscription().then(
      (res) => {
        setSub(res);
        setSubError(null);
      },
      (err) => setSubError(errorCode(err)),
    );
  };

  useEffect(() => {
    getPackages().then(
      (res) => {
        setCatalogue(res);
        setSelected((s) => s ?? res.packages.find((p) => p.months === 12)?.id ?? res.packages[0]?.id ?? null);
      },
      (err) => setLoadError(errorCode(err)),
    );
    loadSub();
  }, []);

  async function onPaid(order: PaymentOrder) {
    setPaid(order);
    // The coupon went with this payment: the checkout that stays (an upgrade) starts without it, and
    // without the "already used" its re-check would say (issue 32 §1).
    setQuote(null);
    loadSub();
    await refreshUser(undefined);
    showToast('SUBSCRIPTION_BOUGHT');
  }
  const onAlreadyPremium = () => {
    loadSub();
    void refreshUser(undefined);
  };

  // Back from 3-D Secure: the server's word on the order, then the query is dropped.
  const returned = params.get('comanda');
  useEffect(() => {
    if (!returned || !/^\d{1,10}$/.test(returned)) return;
    getOrder(Number(returned)).then(
      ({ order }) => {
        if (order.status === 'succeeded') void onPaid(order);
        else {
          setSelected(order.package_id);
          // A canceled order was replaced by a newer attempt: not a declined card (issue 23 §1).
          setReturnedError(orderProblem(order));
          loadSub();
        }
        setParams({}, { replace: true });
      },
      (err) => setReturnedError(errorCode(err)),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returned]);

  const plan = sub?.subscription ?? null;
  // With a paid plan, only a longer package may be bought (an upgrade: README "Upgrade").
  const offered = catalogue?.packages.filter((p) => !plan || p.months > (plan.months ?? 0)) ?? [];
  const pkg = offered.find((p) => p.id === selected) ?? offered.at(-1);
  // Free premium (trial, coupon days, a reward) may buy too: only a paid plan closes the checkout.
  const freeUntil = premium && !plan && sub?.premium_until ? sub.premium_until : null;
  const terms = sub?.checkout_terms.find((t) => t.package_id === pkg?.id);
  return (
    <section className="page page--narrow premium-page">
      <header className="page-header">
        <h1>Premium</h1>
        <p>Statusul abonamentului tău {product}.</p>
      </header>
      {paid ? (
        <div className="premium-success" role="status">
          <Icon name="check" />
          <div>
            <h2>Plata a fost efectuată. Bine ai venit în familia Premium!</h2>
            <p>
              {packageTitle(paid)}, {formatLei(paid.amount_bani)}
              {paid.card ? `, plătit cu cardul •••• ${paid.card.last4}` : ''}.
            </p>
            {/* The server's word on which card renews from now on (issue 32 §1), not the form's. */}
            {paid.renewal_card ? (
              <p data-testid="paid-renewal-card">
                Reînnoirea automată se face cu cardul {brandName(paid.renewal_card.brand)} •••• {paid.renewal_card.last4}.
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
      {sub ? <RenewalFailed data={sub} onChange={setSub} onRetried={loadSub} /> : null}
      <div className="card">
        <Status />
        {subError ? (
          <FormErrors codes={[subError]} />
        ) : !sub ? (
          premium ? <p className="muted">Se încarcă abonamentul…</p> : null
        ) : plan ? (
          <SubscriptionPanel data={sub} onChange={setSub} />
        ) : premium ? (
          <FreePremiumLine data={sub} />
        ) : null}
      </div>
      {/* The trial is free: offered whatever the card payments' state, until used this year. */}
      {sub?.trial_available && !premium && !paid ? <TrialOffer onActivated={loadSub} /> : null}
      {(plan && !offered.length) || (premium && subError) ? (
        <Link to="/teste" className="btn btn--primary">
          Mergi la teste
        </Link>
      ) : loadError ? (
        <FormErrors codes={[loadError]} />
      ) : !catalogue || (!sub && !subError) ? (
        <p className="muted">Se încarcă pachetele…</p>
      ) : !catalogue.provider || (catalogue.provider === 'stripe' && !catalogue.stripe_publishable_key) ? (
        // No provider, or Stripe without the publishable key Stripe.js needs: nothing can be paid.
        <>
          <PackageList packages={catalogue.packages} />
          <FormErrors codes={['FORM_PAYMENTS_DISABLED']} />
        </>
      ) : (
        <div className="checkout">
          {freeUntil ? (
            <p className="checkout__free-note" data-testid="free-premium-note">
              Ai Premium gratuit până la <strong>{longDate(freeUntil)}</strong>. Poți cumpăra un abonament de acum: perioada
              plătită începe când se termină zilele gratuite, așa că nu pierzi nicio zi.
            </p>
          ) : null}
          {plan ? (
            <div className="checkout__upgrade" data-testid="upgrade">
              <h2>Treci la un pachet mai lung</h2>
              <p className="muted">
                Plătești acum pachetul întreg. Perioada lui începe pe {longDate(sub?.premium_until ?? plan.period_end)}, când se
                termină Premiumul pe care îl ai, așa că nu pierzi nimic din ce ai plătit; abonamentul de{' '}
                {monthsLabel(plan.months ?? 1)} nu se mai reînnoiește, se reînnoiește doar cel nou.
              </p>
            </div>
          ) : null}
          <PackageList packages={offered} selected={pkg?.id ?? null} onSelect={setSelected} />
          {/* First the buyer for the invoice (asked once, then kept), then the coupon and the card. */}
          {pkg ? <BuyerStep onReady={setBuyerReady} /> : null}
          {pkg && buyerReady ? (
            <div className="card checkout__pay">
              <CouponField key={paid?.id ?? 'before-payment'} packageId={pkg.id} initialCode={paid ? null : initialCoupon} quote={quote} onQuote={setQuote} />
              {catalogue.provider === 'stripe' ? (
                <Suspense fallback={<p className="muted">Se încarcă formularul cardului…</p>}>
                  <StripeCardForm
                    key={pkg.id}
                    publishableKey={catalogue.stripe_publishable_key!}
                    pkg={pkg}
                    quote={quote}
                    terms={terms}
                    onPaid={onPaid}
                    onAlreadyPremium={onAlreadyPremium}
                  />
                </Suspense>
              ) : (
                <CardForm
                  key={`${pkg.id}-${returnedError ?? ''}`}
                  pkg={pkg}
                  quote={quote}
                  terms={terms}
                  initialError={returnedError}
                  onPaid={onPaid}
                  onAlreadyPremium={onAlreadyPremium}
                />
              )}
              {catalogue.provider === 'sandbox' ? <TestCards /> : null}
            </div>
          ) : null}
        </div>
      )}
      <p className="muted premium-page__compare">
        Vezi pe pagina <Link to="/intra-in-familie">Gratuit vs. Premium</Link> ce primești.
      </p>
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Premium() {
  return (
    <NetworkRequired title="Premium">
      <PremiumPage />
    </NetworkRequired>
  );
}
