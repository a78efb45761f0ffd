// /admin/cupoane (issue 8 §5): make a coupon (percent off at checkout, or days of premium) with its
// validity, maximum uses, family and packages; see every coupon with its uses; end one now.
import { useCallback, useEffect, useState } from 'react';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { adminCoupons, disableAdminCoupon } from '../../../api/coupons.ts';
import { getPackages } from '../../../api/payments.ts';
import { errorCode } from '../../../api/errors.ts';
import type { AdminCoupon, AdminCouponsResponse } from '../../../shared/coupon-payloads.ts';
import type { PremiumPackage } from '../../../shared/payment-payloads.ts';
import { ErrorList } from '../../../shell/form/index.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { showToast } from '../../../state/toast.ts';
import { CouponForm } from './coupons/CouponForm.tsx';
import { CouponList } from './coupons/CouponList.tsx';
import '../../../styles/tests.css';
import './coupons/coupons-admin.css';

export default function AdminCoupons() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminCouponsResponse | null>(null);
  const [packages, setPackages] = useState<PremiumPackage[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [ending, setEnding] = useState<AdminCoupon | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async (p: number) => {
    try {
      setData(await adminCoupons(p));
      setError(null);
    } catch (err) {
      setError(errorCode(err));
    }
  }, []);
  useEffect(() => {
    void load(page);
  }, [load, page]);
  useEffect(() => {
    // The packages the premium page sells: the choices of a discount's packages.
    getPackages().then((r) => setPackages(r.packages), (err: unknown) => setError(errorCode(err)));
  }, []);

  async function disable(c: AdminCoupon) {
    setBusyId(c.id);
    try {
      const res = await disableAdminCoupon(c.id);
      showToast(res.success, 'success');
      setEnding(null);
      await load(page);
    } catch (err) {
      setError(errorCode(err));
      setEnding(null);
    } finally {
      setBusyId(null);
    }
  }

  const pages = data ? Math.max(1, Math.ceil(data.total / data.per_page)) : 1;
  return (
    <AdminGate title="Cupoane">
      <section className="card" aria-labelledby="coupon-new-title">
        <h2 id="coupon-new-title">Cupon nou</h2>
        <p className="muted">
          Un procent se scade din prețul pachetului la plată; zilele de Premium se dau când utilizatorul revendică codul în Setări → Cupoane.
        </p>
        <CouponForm
          packages={packages}
          onCreated={() => {
            if (page === 1) void load(1);
            else setPage(1);
          }}
        />
      </section>
      <section className="coupon-admin__list" aria-labelledby="coupon-list-title">
        <h2 id="coupon-list-title">Toate cupoanele{data ? ` (${data.total})` : ''}</h2>
        {error ? <ErrorList codes={[error]} className="form-errors" /> : null}
        {data ? <CouponList coupons={data.coupons} packages={packages} busyId={busyId} onDisable={setEnding} /> : error ? null : <PageLoading />}
        {pages > 1 ? (
          <nav className="coupon-admin__pages" aria-label="Pagini">
            <button type="button" className="btn btn--ghost btn--small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Mai noi
            </button>
            <span className="muted">
              Pagina {page} din {pages}
            </span>
            <button type="button" className="btn btn--ghost btn--small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Mai vechi
            </button>
          </nav>
        ) : null}
      </section>
      <Modal
        open={ending !== null}
        onClose={() => setEnding(null)}
        title={`Dezactivezi cuponul ${ending?.code ?? ''}?`}
        footer={
          <>
            <button type="button" className="btn btn--danger" disabled={busyId !== null} onClick={() => ending && void disable(ending)}>
              {busyId !== null ? 'Se dezactivează…' : 'Dezactivează acum'}
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => setEnding(null)}>
              Renunță
            </button>
          </>
        }
      >
        <p>
          Cuponul se încheie acum: nimeni nu-l mai poate revendica, iar o reducere revendicată și nefolosită încă nu se mai aplică la plată. Zilele de Premium
          date și plățile făcute rămân. Nu se poate reactiva.
        </p>
      </Modal>
    </AdminGate>
  );
}
