// Saved cards in client state (SPEC §3 `cards`: unique by id, newest first). Kept with the id of
// the account they belong to, so another account signing in on this device never sees them.
import { proxy } from 'valtio';
import type { SavedCard } from '../shared/card-payloads.ts';

export const cardsState = proxy({ userId: null as number | null, cards: [] as SavedCard[], renews: false });

const newestFirst = (a: SavedCard, b: SavedCard) => b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** Unique by id (the later copy wins, as it is the server's newer word), newest first. */
export function normalizeCards(list: readonly SavedCard[]): SavedCard[] {
  const byId = new Map<number, SavedCard>();
  for (const c of list) byId.set(c.id, c);
  return [...byId.values()].sort(newestFirst);
}

/** The server's list replaces what was kept (its default flags are the truth). */
export function setCards(userId: number, data: { cards: readonly SavedCard[]; renews: boolean }): void {
  cardsState.userId = userId;
  cardsState.cards = normalizeCards(data.cards);
  cardsState.renews = data.renews;
}

/** A card just added: once, in its place; when it is the default, the others are not. */
export function addCard(userId: number, card: SavedCard): void {
  const others = cardsState.userId === userId ? cardsState.cards : [];
  cardsState.userId = userId;
  cardsState.cards = normalizeCards([
    ...others.map((c) => (card.is_default ? { ...c, is_default: false } : c)),
    card,
  ]);
}
