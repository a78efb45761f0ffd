// /story/coupon: the one-year anniversary offer and its modal (SPEC §2 story-coupon modal, §7, §8).
// The modal opens on arrival. It shows the codes left (the placeholder 366 until the server's
// answer); a signed-in user who already claimed it sees their code instead (issue 23 §1: not a silent
// redirect), with the way to use it at checkout. A visitor is sent to sign in,
// with this page saved as the redirect, and comes back here; a signed-in user activates the code
// or declines it. Success (§7): count down, close, clear the saved redirect, go to /setari/cupoane,
// the notification at the front of the feed.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../../router/Link.tsx';
import { useSnapshot } from 'valtio';
import { app } from '../../state/app.ts';
import { useProduct } from '../../shell/useProduct.ts';
import { Icon } from '../../shell/icons.tsx';
import { Modal } from '../../shell/Modal.tsx';
import { FormErrors } from '../../shell/form/ErrorList.tsx';
import { COUPON_COUNT_PLACEHOLDER, COUPON_DISCOUNT_PERCENT, COUPON_PREMIUM_DAYS } from '../../shared/constants.ts';
import { STORAGE } from '../../shared/storage-keys.ts';
import { storyCouponType } from '../../shared/coupon-rules.ts';
import { generateCoupon, getCoupons, remainingCount, type UserCoupon } from '../../api/coupons.ts';
import { errorCode } from '../../api/errors.ts';
import { removeItem, setItem } from '../../state/storage.ts';
import { setUser } from '../../state/user.ts';
import { receiveNotification } from '../../state/notifications.ts';
import { showToast } from '../../state/toast.ts';
import '../settings/coupons.css';

const STORY_PATH = '/story/coupon';
const plural = new Intl.PluralRules('ro-RO');
/** "5 coduri", "366 de coduri" (Romanian puts "de" after numbers of the 'other' category). */
const coduri = (n: number) => (plural.select(n) === 'other' ? `${n} de coduri` : `${n} coduri`);

function StoryCouponModal({ count, onClaimed }: { count: number; onClaimed: () => void }) {
  const { user, couponModalOpen } = useSnapshot(app);
  const product = useProduct();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    app.couponModalOpen = false;
    setError(null);
  };

  function login() {
    // Back here after signing in (src/shell/form/auth-redirect.ts reads the saved redirect).
    setItem(STORAGE.redirect, STORY_PATH);
    app.couponModalOpen = false;
    navigate('/conectare');
  }

  function decline() {
    removeItem(STORAGE.redirect);
    close();
    navigate('/teste');
  }

  async function activate() {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const res = await generateCoupon(storyCouponType(app.product));
      onClaimed();
      app.couponModalOpen = false;
      removeItem(STORAGE.redirect);
      setUser(res.user);
      receiveNotification(res.notification);
      showToast(res.success, 'success');
      navigate('/setari/cupoane');
    } catch (err) {
      const code = errorCode(err) || 'FORM_AN_ERROR_HAS_OCCURRED';
      if (code === 'FORM_COUPON_ALREADY_CLAIMED' || code === 'FORM_HAVE_SIMILAR_COUPON') removeItem(STORAGE.redirect);
      setError(code);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={couponModalOpen}
      onClose={close}
      title={`Un an de ${product}!`}
      className="story-modal"
      footer={
        <div className="story-modal__actions">
          {user ? (
            <>
              <button type="button" className="btn btn--primary" onClick={() => void activate()} disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Activare...' : 'Activează codul acum!'}
              </button>
              <button type="button" className="btn btn--ghost" onClick={decline}>
                Nu mă interesează.
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--primary" onClick={login}>
              Loghează-te pentru a-l activa
            </button>
          )}
        </div>
      }
    >
      <div className="story-modal__mascot" aria-hidden="true">
        <Icon name="crown" />
      </div>
      <p>
        Sărbătorim un an împreună cu un cod aniversar: <strong>{COUPON_PREMIUM_DAYS} zile de Premium gratuit</strong> și{' '}
        <strong>{COUPON_DISCOUNT_PERCENT}% reducere</strong> la pachetul Premium.
      </p>
      <p className="story-modal__count" aria-live="polite">
        {count === 0 ? 'Nu mai sunt coduri' : count === 1 ? 'A mai rămas un singur cod' : `Au mai rămas ${coduri(count)}`}
      </p>
      <FormErrors codes={error ? [error] : []} />
    </Modal>
  );
}

/** /story/coupon: the offer in words, with its modal opened on arrival. */
export default function StoryCoupon() {
  const product = useProduct();
  const { user } = useSnapshot(app);
  const [count, setCount] = useState(COUPON_COUNT_PLACEHOLDER);
  // The anniversary code this user already holds (null: none, or not known yet).
  const [mine, setMine] = useState<UserCoupon | null>(null);

  useEffect(() => {
    app.couponModalOpen = true;
    let live = true;
    remainingCount(storyCouponType(app.product)).then(
      (r) => {
        if (!live) return;
        setCount(r.remaining_count);
        if (r.already_claimed) {
          app.couponModalOpen = false;
          getCoupons().then(
            (c) => live && setMine(c.coupons.find((x) => x.kind === 'story') ?? null),
            () => undefined,
          );
        }
      },
      () => undefined, // the placeholder stays; activating reports its own error
    );
    return () => {
      live = false;
      app.couponModalOpen = false;
    };
    // Asked again when the user signs in or out: already_claimed is per user.
  }, [user?.id]);
  // Signed out (or another user): no code of theirs to show.
  useEffect(() => setMine(null), [user?.id]);

  return (
    <div className="static-page container">
      <header className="static-page__header">
        <span className="eyebrow">Un an de {product}</span>
        <h1>Cadoul nostru aniversar pentru tine</h1>
        <p>
          Sărbătorim primul an alături de voi cu un cod de reducere: <strong>{COUPON_PREMIUM_DAYS} zile de Premium gratuit</strong>{' '}
          și <strong>{COUPON_DISCOUNT_PERCENT}% reducere</strong> la pachetul Premium.
        </p>
      </header>
      {mine ? (
        <div className="card story-claimed" role="status" data-testid="story-claimed">
          <h2>Ai activat deja codul tău aniversar</h2>
          <p>
            Codul tău: <strong className="story-claimed__code">{mine.code}</strong>
            {mine.status === 'used' ? ' (folosit la o plată).' : '.'}
          </p>
          {mine.status !== 'used' ? (
            <p>
              Reducerea de {mine.percent_off}% o folosești la plata unui pachet.{' '}
              <Link to={`/cont/premium?cupon=${encodeURIComponent(mine.code)}`} className="btn btn--primary">
                Folosește la plată
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      <div className="prose">
        <h2>Cum funcționează</h2>
        <ol>
          <li>Intri în contul tău {product} (sau îți faci unul gratuit).</li>
          <li>Activezi codul aniversar: numărul de coduri este limitat, câte unul de persoană.</li>
          <li>
            Primești pe loc {COUPON_PREMIUM_DAYS} zile de Premium. Reducerea de {COUPON_DISCOUNT_PERCENT}% o folosești în 90 de zile, la
            plata pachetului, chiar în timpul zilelor gratuite (perioada plătită începe după ele); codul îl găsești în Setări › Cupoane.
          </li>
        </ol>
        <p>
          <button type="button" className="btn btn--primary" onClick={() => (app.couponModalOpen = true)}>
            Vreau codul aniversar
          </button>{' '}
          <Link to="/intra-in-familie" className="btn btn--ghost">
            Vezi Gratuit vs. Premium
          </Link>
        </p>
      </div>
      <StoryCouponModal count={count} onClaimed={() => setCount((c) => Math.max(0, c - 1))} />
    </div>
  );
}
