// /setari/istoric-facturi (issue 8 §4): the payment history, newest first, each payment with its
// invoice (and storno, after a refund); PDF and e-Factura XML downloaded with the user's token.
import { useEffect, useState } from 'react';
import { Link } from '../../router/Link.tsx';
import { NetworkRequired } from '../../shell/pwa/NetworkRequired.tsx';
import {
  getInvoices,
  invoiceFile,
  saveBlob,
  type InvoiceView,
  type PaymentHistoryItem,
} from '../../api/invoices.ts';
import { errorCode } from '../../api/errors.ts';
import { showToast } from '../../state/toast.ts';
import { messageFor } from '../../shared/messages.ro.ts';
import { invoiceDate as date, lei } from './invoice-format.ts';
import { brandName } from '../../shared/card-brands.ts';
import '../../styles/forms.css';
import './invoices.css';

const monthsLabel = (m: number) => (m === 1 ? '1 lună' : m >= 20 ? `${m} de luni` : `${m} luni`);

function InvoiceRow({ inv }: { inv: InvoiceView }) {
  const [busy, setBusy] = useState<'pdf' | 'efactura' | null>(null);
  const download = async (format: 'pdf' | 'efactura') => {
    setBusy(format);
    try {
      const blob = await invoiceFile(inv.id, format);
      saveBlob(blob, format === 'pdf' ? `factura-${inv.code}.pdf` : `efactura-${inv.code}.xml`);
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(null);
    }
  };
  const title = inv.kind === 'storno' ? `Factură de stornare ${inv.code}` : `Factura ${inv.code}`;
  return (
    <li className="invoices__doc">
      <span>
        <span className="invoices__doc-name">{title}</span>
        <span className="invoices__meta">
          {' '}
          · {date(inv.issued_at)} · {lei(inv.total_bani)}
          {/* A seller not registered for VAT charges none (rate 0): nothing to break down. */}
          {inv.vat_percent > 0 ? `, din care TVA ${inv.vat_percent}%: ${lei(inv.vat_bani)}` : ', fără TVA'}
        </span>
      </span>
      <span className="invoices__doc-actions">
        <button
          type="button"
          className="form-btn form-btn--primary"
          disabled={busy !== null}
          aria-busy={busy === 'pdf' || undefined}
          onClick={() => void download('pdf')}
        >
          {busy === 'pdf' ? 'Se descarcă…' : 'Descarcă PDF'}
          <span className="form-visually-hidden"> {title}</span>
        </button>
        <button
          type="button"
          className="form-btn form-btn--secondary"
          disabled={busy !== null}
          aria-busy={busy === 'efactura' || undefined}
          onClick={() => void download('efactura')}
        >
          {busy === 'efactura' ? 'Se descarcă…' : 'XML e-Factura'}
          <span className="form-visually-hidden"> {title}</span>
        </button>
      </span>
    </li>
  );
}

function Payment({ p }: { p: PaymentHistoryItem }) {
  const paid = p.status === 'succeeded';
  return (
    <li className="invoices__payment">
      <div className="invoices__head">
        <h2 className="invoices__title">Premium, {monthsLabel(p.months)}</h2>
        <span className="invoices__amount">{lei(p.amount_bani)}</span>
      </div>
      <p className="invoices__meta">
        <span className={`invoices__status invoices__status--${p.status}`}>
          {paid ? 'Plătită' : 'Refuzată'}
        </span>
        {' · '}
        {date(p.paid_at ?? p.created_at)}
        {p.card ? ` · card ${brandName(p.card.brand)} •••• ${p.card.last4}` : ''}
        {!paid && p.failure_code ? ` · ${messageFor(p.failure_code)}` : ''}
      </p>
      {p.invoices.length ? (
        <ul className="invoices__docs" aria-label="Facturi">
          {p.invoices.map((inv) => (
            <InvoiceRow key={inv.id} inv={inv} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function InvoicesPage() {
  const [payments, setPayments] = useState<PaymentHistoryItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getInvoices()
      .then((r) => live && setPayments(r.payments))
      .catch((err: unknown) => {
        if (!live) return;
        setFailed(true);
        showToast(errorCode(err), 'error');
      });
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="form-page form-page--wide" aria-labelledby="invoices-title">
      <header className="form-page__header">
        <h1 id="invoices-title" className="form-page__title">
          Istoric facturi
        </h1>
        <nav aria-label="Setări" className="form-links">
          <Link to="/setari">Înapoi la setări</Link>
          <Link to="/setari/date-facturare">Date de facturare</Link>
        </nav>
      </header>
      {failed ? (
        <p role="alert">Istoricul nu a putut fi încărcat. Reîncarcă pagina.</p>
      ) : !payments ? (
        <p aria-busy="true">Se încarcă…</p>
      ) : payments.length === 0 ? (
        <p className="invoices__empty">
          Nu ai nicio plată încă. Facturile apar aici după fiecare plată pentru{' '}
          <Link to="/cont/premium">Premium</Link>.
        </p>
      ) : (
        <ul className="invoices" aria-label="Plăți">
          {payments.map((p) => (
            <Payment key={p.order_id} p={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** Needs the network: offline it explains so instead of failing (src/shell/pwa/NetworkRequired.tsx). */
export default function Invoices() {
  return (
    <NetworkRequired title="Istoric facturi">
      <InvoicesPage />
    </NetworkRequired>
  );
}
