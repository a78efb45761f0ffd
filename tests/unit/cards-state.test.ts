// Saved cards in client state: unique by id, newest first, one account's cards never shown to another.
import { beforeEach, describe, expect, it } from 'vitest';
import { addCard, cardsState, normalizeCards, setCards } from '../../src/state/cards.ts';
import type { SavedCard } from '../../src/shared/card-payloads.ts';

const card = (id: number, created_at: string, is_default = false): SavedCard => ({
  id,
  brand: 'visa',
  last4: String(4000 + id),
  exp_month: 12,
  exp_year: 2030,
  is_default,
  created_at,
});

beforeEach(() => setCards(0, { cards: [], renews: false }));

describe('cards state', () => {
  it('keeps each id once, newest first (ties by id)', () => {
    const list = normalizeCards([
      card(1, '2026-01-01T00:00:00Z'),
      card(3, '2026-03-01T00:00:00Z'),
      card(2, '2026-03-01T00:00:00Z'),
      card(1, '2026-01-01T00:00:00Z', true),
    ]);
    expect(list.map((c) => c.id)).toEqual([3, 2, 1]);
    expect(list.find((c) => c.id === 1)!.is_default).toBe(true);
  });

  it('an added card comes once at the front; a new default clears the old one', () => {
    setCards(7, { cards: [card(1, '2026-01-01T00:00:00Z', true)], renews: true });
    addCard(7, card(2, '2026-02-01T00:00:00Z'));
    addCard(7, card(2, '2026-02-01T00:00:00Z'));
    expect(cardsState.cards.map((c) => [c.id, c.is_default])).toEqual([
      [2, false],
      [1, true],
    ]);
    addCard(7, card(3, '2026-03-01T00:00:00Z', true));
    expect(cardsState.cards.filter((c) => c.is_default).map((c) => c.id)).toEqual([3]);
    expect(cardsState.renews).toBe(true);
  });

  it("another account's cards are dropped when a card arrives for a different user", () => {
    setCards(7, { cards: [card(1, '2026-01-01T00:00:00Z', true)], renews: false });
    addCard(8, card(5, '2026-02-01T00:00:00Z', true));
    expect(cardsState.userId).toBe(8);
    expect(cardsState.cards.map((c) => c.id)).toEqual([5]);
  });
});
