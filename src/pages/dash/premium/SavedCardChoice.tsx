// The checkout's choice of card: the user's saved cards (the default one preselected) or a new
// one. Paying with a saved card charges it at once; a new card is typed in the form below it.
import { useEffect, useState } from 'react';
import { getCards, type SavedCard } from '../../../api/cards.ts';
import { brandName } from '../../settings/cards/CardList.tsx';

const exp = (c: SavedCard) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;

export type CardChoice = number | 'new';

/**
 * The user's saved cards for a checkout form and the card chosen, the default (else the newest)
 * preselected once the list arrives; without the list (an error) the form still takes a new card.
 */
export function useSavedCardChoice() {
  const [saved, setSaved] = useState<readonly SavedCard[]>([]);
  const [choice, setChoice] = useState<CardChoice>('new');
  useEffect(() => {
    getCards().then(
      (r) => {
        setSaved(r.cards);
        const preferred = r.cards.find((c) => c.is_default) ?? r.cards[0];
        if (preferred) setChoice(preferred.id);
      },
      () => undefined,
    );
  }, []);
  return { saved, choice, setChoice };
}

export function SavedCardChoice({
  cards,
  value,
  onChange,
}: {
  cards: readonly SavedCard[];
  value: CardChoice;
  onChange: (v: CardChoice) => void;
}) {
  return (
    <fieldset className="card-choice">
      <legend className="card-choice__legend">Cu ce card plătești?</legend>
      {cards.map((c) => (
        <label key={c.id} className="card-choice__option" data-card-id={c.id}>
          <input type="radio" name="card-choice" checked={value === c.id} onChange={() => onChange(c.id)} />
          <span className="card-choice__name">
            {brandName(c.brand)} •••• {c.last4}
          </span>
          <span className="muted card-choice__exp">Expiră {exp(c)}</span>
          {c.is_default ? <span className="card-choice__badge">Implicit</span> : null}
        </label>
      ))}
      <label className="card-choice__option">
        <input type="radio" name="card-choice" checked={value === 'new'} onChange={() => onChange('new')} />
        <span className="card-choice__name card-choice__name--plain">Un card nou</span>
      </label>
    </fieldset>
  );
}
