// The premium packages: a radio group on /cont/premium (choose one to pay), a plain list on
// /intra-in-familie. Prices are VAT included, with the price per month beside.
import type { PremiumPackage } from '../../../shared/payment-payloads.ts';
import { formatLei, monthsLabel, savingPercent } from './format.ts';
import './premium.css';

function Price({ p, monthly }: { p: PremiumPackage; monthly: PremiumPackage | undefined }) {
  const saving = savingPercent(p, monthly);
  return (
    <>
      <span className="package__title">{monthsLabel(p.months)}</span>
      <span className="package__price">{formatLei(p.price_bani)}</span>
      <span className="package__per-month">
        {p.months === 1 ? 'plată pentru o lună' : `${formatLei(p.per_month_bani)} pe lună`}
        {saving > 0 ? <strong className="package__saving">economisești {saving}%</strong> : null}
      </span>
    </>
  );
}

/** What the prices include; a seller not registered for VAT charges none (the server says 0). */
function VatNote({ vat }: { vat: number | undefined }) {
  if (vat === undefined) return null;
  return (
    <p className="packages__vat muted">
      {vat > 0 ? `Prețurile sunt în lei și includ TVA ${vat}%.` : 'Prețurile sunt în lei; vânzătorul nu este înregistrat în scopuri de TVA, deci nu se adaugă TVA.'}
    </p>
  );
}

export function PackageList({
  packages,
  selected,
  onSelect,
  disabled,
}: {
  packages: readonly PremiumPackage[];
  selected?: number | null;
  onSelect?: (id: number) => void;
  disabled?: boolean;
}) {
  const monthly = packages.find((p) => p.months === 1);
  const vat = packages[0]?.vat_percent;
  if (!onSelect)
    return (
      <div className="packages">
        <ul className="packages__list">
          {packages.map((p) => (
            <li key={p.id} className="package">
              <Price p={p} monthly={monthly} />
            </li>
          ))}
        </ul>
        <VatNote vat={vat} />
      </div>
    );
  return (
    <fieldset className="packages" disabled={disabled}>
      <legend className="packages__legend">Alege pachetul</legend>
      <div className="packages__list">
        {packages.map((p) => (
          <label key={p.id} className={`package package--choice${selected === p.id ? ' package--selected' : ''}`}>
            <input type="radio" name="package" value={p.id} checked={selected === p.id} onChange={() => onSelect(p.id)} />
            <Price p={p} monthly={monthly} />
          </label>
        ))}
      </div>
      <VatNote vat={vat} />
    </fieldset>
  );
}
