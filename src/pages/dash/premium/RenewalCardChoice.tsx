// Which card renews the plan after this payment (issue 32 §1): the card paid with becomes the
// default (the one renewals charge) unless the candidate unticks the box. The box is shown only
// when it changes something: a default card exists and another card pays now. The checkout's
// renewal terms and notes name the card from the same rule, so the page says what the server does
// (settle in server/modules/payments/service.ts, the order's make_default_card).
import type { SavedCard } from '../../../api/cards.ts';
import { Checkbox } from '../../../shell/form/Checkbox.tsx';
import { Link } from '../../../router/Link.tsx';
import { brandName } from '../../settings/cards/CardList.tsx';
import type { CardChoice } from './SavedCardChoice.tsx';

const cardName = (c: SavedCard) => `cardul ${brandName(c.brand)} •••• ${c.last4}`;

/** The default card another card would replace for renewals; undefined when the box would change nothing. */
export function replacedDefault(saved: readonly SavedCard[], choice: CardChoice): SavedCard | undefined {
  const current = saved.find((c) => c.is_default);
  return current && current.id !== choice ? current : undefined;
}

/** The card renewals charge after this payment, as the page names it. */
export function renewalCardName(saved: readonly SavedCard[], choice: CardChoice, useForRenewal: boolean): string {
  const kept = replacedDefault(saved, choice);
  if (kept && !useForRenewal) return cardName(kept);
  const chosen = choice === 'new' ? undefined : saved.find((c) => c.id === choice);
  return chosen ? cardName(chosen) : 'cardul cu care plătești acum';
}

export function RenewalCardChoice({
  saved,
  choice,
  value,
  onChange,
}: {
  saved: readonly SavedCard[];
  choice: CardChoice;
  value: boolean;
  onChange: (v: boolean) => void;
}) {
  const current = replacedDefault(saved, choice);
  if (!current) return null;
  return (
    <div className="renewal-card-choice" data-testid="renewal-card-choice">
      <Checkbox
        name="use_for_renewal"
        label="Folosește acest card pentru reînnoirea automată"
        value={value}
        onChange={onChange}
      />
      <p className="muted renewal-card-choice__hint" data-testid="renewal-card-hint">
        {value
          ? `Reînnoirea nu se mai face cu ${cardName(current)}, ci cu cardul cu care plătești acum.`
          : `Reînnoirea rămâne pe ${cardName(current)}.`}
      </p>
    </div>
  );
}

/** The line under a new card's fields: it is saved, and whether it renews the plan. */
export function NewCardSavedNote({ saved, useForRenewal }: { saved: readonly SavedCard[]; useForRenewal: boolean }) {
  const kept = replacedDefault(saved, 'new');
  const settings = <Link to="/setari/carduri">Setări › Carduri</Link>;
  return (
    <p className="card-form__note muted" data-testid="card-saved-note">
      {kept && !useForRenewal ? (
        <>
          Cardul va fi salvat în {settings}; reînnoirea automată rămâne pe {cardName(kept)}.
        </>
      ) : (
        <>
          Cardul va fi salvat pentru reînnoirea automată a abonamentului. Îl poți șterge din {settings} după ce adaugi alt
          card sau anulezi reînnoirea.
        </>
      )}
    </p>
  );
}
