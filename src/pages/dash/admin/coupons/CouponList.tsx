// Every coupon of /admin/cupoane: one table, laid out as cards on a phone (coupons-admin.css), with
// "Dezactivează" for those not over yet.
import type { AdminCoupon } from '../../../../shared/coupon-payloads.ts';
import type { PremiumPackage } from '../../../../shared/payment-payloads.ts';
import { STATE_LABEL, STATE_PILL, packagesLabel, usesLabel, validityLabel, valueLabel } from './format.ts';

type Props = {
  coupons: readonly AdminCoupon[];
  packages: readonly PremiumPackage[];
  busyId: number | null;
  onDisable: (c: AdminCoupon) => void;
};

export function CouponList({ coupons, packages, busyId, onDisable }: Props) {
  if (!coupons.length) return <p className="muted">Niciun cupon încă.</p>;
  return (
    <div className="coupon-table-wrap">
      <table className="coupon-table">
        <thead>
          <tr>
            <th scope="col">Cod</th>
            <th scope="col">Valoare</th>
            <th scope="col">Valabilitate</th>
            <th scope="col">Utilizatori</th>
            <th scope="col">Pachete</th>
            <th scope="col">Familie</th>
            <th scope="col">Stare</th>
          </tr>
        </thead>
        <tbody>
          {coupons.map((c) => (
            <tr key={c.id} data-coupon={c.code}>
              <th scope="row" className="coupon-table__code">
                <code>{c.code}</code>
                {c.personal ? <span className="coupon-table__note">personal</span> : null}
              </th>
              <td data-label="Valoare">{valueLabel(c)}</td>
              <td data-label="Valabilitate">{validityLabel(c)}</td>
              <td data-label="Utilizatori" data-testid="coupon-uses">
                {usesLabel(c)}
              </td>
              <td data-label="Pachete">{c.kind === 'days' ? '—' : packagesLabel(c.package_ids, packages)}</td>
              <td data-label="Familie">{c.family ?? '—'}</td>
              <td data-label="Stare">
                {/* The state and its action in one column: the table fits a laptop's width. */}
                <div className="coupon-table__state">
                  <span className={`pill ${STATE_PILL[c.state]}`}>{STATE_LABEL[c.state]}</span>
                  {c.state !== 'ended' ? (
                    <button
                      type="button"
                      className="btn btn--ghost btn--small"
                      disabled={busyId === c.id}
                      aria-label={`Dezactivează ${c.code}`}
                      onClick={() => onDisable(c)}
                    >
                      Dezactivează
                    </button>
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
