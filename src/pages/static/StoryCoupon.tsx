import { Link } from 'react-router';
import { useProduct } from '../../shell/useProduct.ts';
import { Icon } from '../../shell/icons.tsx';
import { COUPON_DISCOUNT_PERCENT, COUPON_PREMIUM_DAYS } from '../../shared/constants.ts';

/** /story/coupon: the one-year anniversary offer. Coupons are not live yet, so the page says so. */
export default function StoryCoupon() {
  const product = useProduct();
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
      <div className="prose">
        <div className="notice" role="status">
          <Icon name="clock" />
          <p>
            Oferta nu este încă disponibilă. Codurile aniversare vor putea fi activate din contul tău imediat ce lansăm
            plățile și cupoanele, într-o versiune următoare. Nu trebuie să faci nimic acum — te anunțăm în aplicație.
          </p>
        </div>
        <h2>Cum va funcționa</h2>
        <ol>
          <li>Intri în contul tău {product} (sau îți faci unul gratuit).</li>
          <li>Activezi codul aniversar — numărul de coduri va fi limitat.</li>
          <li>
            Primești pe loc {COUPON_PREMIUM_DAYS} zile de Premium, iar reducerea de {COUPON_DISCOUNT_PERCENT}% se aplică la
            cumpărarea pachetului.
          </li>
        </ol>
        <p>Până atunci, poți afla ce include fiecare variantă de cont.</p>
        <p>
          <Link to="/intra-in-familie" className="btn btn--primary">
            Vezi Gratuit vs. Premium
          </Link>
        </p>
      </div>
    </div>
  );
}
