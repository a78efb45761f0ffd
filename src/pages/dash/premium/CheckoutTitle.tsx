// The heading of a checkout card form (sandbox or Stripe): the package and what will be charged,
// the list price struck through when a coupon lowered it.
import type { PremiumPackage } from '../../../shared/payment-payloads.ts';
import { formatLei, packageTitle } from './format.ts';

export function CheckoutTitle({ pkg, price, discounted }: { pkg: PremiumPackage; price: number; discounted: boolean }) {
  return (
    <h2 className="card-form__title">
      Plată cu cardul: {packageTitle(pkg)},{' '}
      {discounted ? (
        <>
          <s className="price-old">{formatLei(pkg.price_bani)}</s> {formatLei(price)}
        </>
      ) : (
        formatLei(price)
      )}
    </h2>
  );
}
