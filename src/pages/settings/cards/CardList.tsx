// The saved cards, newest first: brand, last four digits, expiry, which one is the default (the
// one renewals charge), "Fă implicit" and "Șterge" (asked once more). The server decides what may
// go: the last card while a subscription renews is refused with FORM_CARD_MUST_KEEP_ONE.
import { useState } from 'react';
import type { SavedCard } from '../../../api/cards.ts';

import { brandName } from '../../../shared/card-brands.ts';

export { brandName };
const exp = (c: SavedCard) => `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year).slice(-2)}`;

export function CardList({
  cards,
  busy,
  onDefault,
  onRemove,
  keepLast = false,
}: {
  cards: readonly SavedCard[];
  /** The subscription renews with it: the last card cannot go (Șterge disabled, with the reason). */
  keepLast?: boolean;
  busy: number | null;
  onDefault: (id: number) => void;
  onRemove: (id: number) => Promise<boolean>;
}) {
  const [asking, setAsking] = useState<number | null>(null);
  const locked = keepLast && cards.length === 1;
  return (
    <ul className="saved-cards" aria-label="Cardurile salvate">
      {cards.map((c) => {
        const name = `${brandName(c.brand)} •••• ${c.last4}`;
        return (
          <li
            key={c.id}
            className={`saved-card${c.is_default ? ' saved-card--default' : ''}`}
            data-card-id={c.id}
          >
            <div className="saved-card__what">
              <span className="saved-card__name">{name}</span>
              <span className="saved-card__exp muted">Expiră {exp(c)}</span>
              {c.is_default ? <span className="saved-card__badge">Implicit</span> : null}
            </div>
            {asking === c.id ? (
              <div
                className="saved-card__actions"
                role="group"
                aria-label={`Confirmă ștergerea cardului ${name}`}
              >
                <span className="saved-card__ask">Ștergi cardul?</span>
                <button
                  type="button"
                  className="btn btn--danger btn--small"
                  disabled={busy !== null}
                  onClick={async () => {
                    if (await onRemove(c.id)) setAsking(null);
                  }}
                >
                  {busy === c.id ? 'Se șterge…' : 'Da, șterge'}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={busy !== null}
                  onClick={() => setAsking(null)}
                >
                  Renunță
                </button>
              </div>
            ) : (
              <div className="saved-card__actions">
                {c.is_default ? null : (
                  <button
                    type="button"
                    className="btn btn--ghost btn--small"
                    disabled={busy !== null}
                    onClick={() => onDefault(c.id)}
                  >
                    {busy === c.id ? 'Se salvează…' : 'Fă implicit'}
                  </button>
                )}
                <button
                  type="button"
                  className="btn btn--ghost btn--small"
                  disabled={busy !== null || locked}
                  onClick={() => setAsking(c.id)}
                  aria-label={`Șterge cardul ${name}`}
                  aria-describedby={locked ? 'last-card-reason' : undefined}
                >
                  Șterge
                </button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
