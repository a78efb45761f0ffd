// /admin/facturi — the invoice book (issue 8 §4): find an invoice by its code, the buyer or the
// account's email, download it, and storno it for a refund. "Stornează" is offered only where the
// server would accept it (no storno yet, within INVOICE_VOID_MAX_DAYS); the server still decides.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminGate } from '../../../components/content/AdminGate.tsx';
import { adminInvoices, invoiceFile, saveBlob, stornoInvoice, type AdminInvoiceItem } from '../../../api/invoices.ts';
import { errorCode } from '../../../api/errors.ts';
import { ErrorList } from '../../../shell/form/index.ts';
import { Modal } from '../../../shell/Modal.tsx';
import { showToast } from '../../../state/toast.ts';
import { PageLoading } from '../../../router/RoutePage.tsx';
import { INVOICE_SEARCH_MAX } from '../../../shared/invoice-admin-rules.ts';
import { invoiceDate, lei } from '../../settings/invoice-format.ts';
import '../../../styles/forms.css';
import './invoices-admin.css';

function status(inv: AdminInvoiceItem, book: AdminInvoiceItem[], maxDays: number): string | null {
  if (inv.kind === 'storno') return `Stornează ${book.find((i) => i.id === inv.storno_of)?.code ?? 'o factură anterioară'}`;
  if (inv.storno_id) return `Stornată prin ${book.find((i) => i.id === inv.storno_id)?.code ?? 'o factură de stornare'}`;
  if (!inv.voidable) return `Emisă acum mai mult de ${maxDays} zile: nu mai poate fi stornată`;
  return null;
}

function InvoiceCard(props: { inv: AdminInvoiceItem; note: string | null; onStorno: (inv: AdminInvoiceItem) => void }) {
  const { inv, note } = props;
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await invoiceFile(inv.id, 'pdf'), `factura-${inv.code}.pdf`);
    } catch (err) {
      showToast(errorCode(err), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="card invoice-book__item" data-invoice={inv.code}>
      <div className="invoice-book__head">
        <h2 className="invoice-book__code">{inv.code}</h2>
        <span className={`pill ${inv.kind === 'storno' ? 'pill--warning' : ''}`}>{inv.kind === 'storno' ? 'Stornare' : 'Factură'}</span>
        <span className="invoice-book__total">{lei(inv.total_bani)}</span>
      </div>
      <p className="invoice-book__meta">
        {invoiceDate(inv.issued_at)} · {inv.buyer_name} · {inv.user_email ? <span className="invoice-book__email">{inv.user_email}</span> : 'cont șters'}
      </p>
      <p className="invoice-book__meta">{inv.description}</p>
      {note ? <p className="invoice-book__note">{note}</p> : null}
      <div className="form-actions form-actions--row">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void download()}>
          {busy ? 'Se descarcă…' : 'Descarcă PDF'}
          <span className="form-visually-hidden"> {inv.code}</span>
        </button>
        {inv.voidable ? (
          <button type="button" className="btn btn--danger btn--small" onClick={() => props.onStorno(inv)}>
            Stornează<span className="form-visually-hidden"> {inv.code}</span>
          </button>
        ) : null}
      </div>
    </li>
  );
}

function StornoConfirm({ inv, onClose, onDone }: { inv: AdminInvoiceItem | null; onClose: () => void; onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [inv]);
  const confirm = async () => {
    if (!inv) return;
    setBusy(true);
    try {
      showToast((await stornoInvoice(inv.id)).success, 'success');
      onDone();
    } catch (err) {
      setError(errorCode(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={inv !== null}
      onClose={onClose}
      title={
        <>
          Stornezi factura <span className="invoice-book__nowrap">{inv?.code}</span>?
        </>
      }
      footer={
        <>
          <button type="button" className="btn btn--danger" disabled={busy} onClick={() => void confirm()}>
            {busy ? 'Se stornează…' : 'Stornează factura'}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            Renunță
          </button>
        </>
      }
    >
      <p>
        Se emite o factură de stornare cu următorul număr din serie și sumele cu minus ({inv ? lei(-inv.total_bani) : ''}), iar perioada Premium
        plătită cu această factură se încheie acum. Nu se poate anula.
      </p>
      <p className="muted">Banii se returnează din contul furnizorului de plăți: stornarea nu face rambursarea pe card.</p>
      <ErrorList codes={error ? [error] : []} className="form-errors" />
    </Modal>
  );
}

export default function Invoices() {
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const [book, setBook] = useState<AdminInvoiceItem[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [maxDays, setMaxDays] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<AdminInvoiceItem | null>(null);

  const load = useCallback(async (q: string, before?: number) => {
    setError(null);
    try {
      const res = await adminInvoices(q, before);
      setBook((old) => (before && old ? [...old, ...res.invoices] : res.invoices));
      setNext(res.next_before);
      setMaxDays(res.void_max_days);
    } catch (err) {
      setError(errorCode(err));
    }
  }, []);
  useEffect(() => void load(search), [load, search]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBook(null);
    setSearch(query.trim());
  };

  return (
    <AdminGate title="Facturi">
      <p className="muted">
        Toate facturile emise, cele mai noi întâi. O factură se poate storna (rambursare) în cel mult {maxDays || '…'} zile de la emitere.
      </p>
      <form className="invoice-book__search" role="search" onSubmit={submit} noValidate>
        <div className="form-field">
          <label className="form-field__label" htmlFor="invoice-search">
            Caută după cod, cumpărător sau email
          </label>
          <input
            id="invoice-search"
            type="search"
            className="form-field__input"
            maxLength={INVOICE_SEARCH_MAX}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="GRL-000042, Popescu, ana@exemplu.ro"
          />
        </div>
        <button type="submit" className="btn btn--primary">
          Caută
        </button>
      </form>
      <ErrorList codes={error ? [error] : []} className="form-errors" />
      {!book && !error ? <PageLoading /> : null}
      {book && book.length === 0 ? <p className="empty-state">{search ? 'Nicio factură nu se potrivește căutării.' : 'Nicio factură emisă încă.'}</p> : null}
      <ul className="invoice-book" aria-label="Facturi">
        {book?.map((inv) => (
          <InvoiceCard key={inv.id} inv={inv} note={status(inv, book, maxDays)} onStorno={setVoiding} />
        ))}
      </ul>
      {next ? (
        <button type="button" className="btn btn--ghost" onClick={() => void load(search, next)}>
          Încarcă facturi mai vechi
        </button>
      ) : null}
      <StornoConfirm
        inv={voiding}
        onClose={() => setVoiding(null)}
        onDone={() => {
          setVoiding(null);
          setBook(null);
          void load(search);
        }}
      />
    </AdminGate>
  );
}
