// The anniversary offer (SPEC §2 story-coupon modal, §7 calls, §9): a fixed number of personal
// codes of type {product}_story_code_1. Generating one, in one transaction under the campaign's
// row lock: the count goes down, the code is made and claimed by its owner, and its premium days
// are given (a 'coupon' subscription period); its discount waits for a checkout.
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { COUPON_COUNT_PLACEHOLDER, COUPON_DISCOUNT_PERCENT, COUPON_PREMIUM_DAYS } from '../../../src/shared/constants.ts';
import * as q from './queries.ts';

/** Codes of the offer: 366, one for each day of the anniversary year (the modal's placeholder). */
export const STORY_TOTAL = COUPON_COUNT_PLACEHOLDER;
/** How long an anniversary code's discount stays usable after it is made. */
export const STORY_VALID_DAYS = 90;
/** Every anniversary code is "similar" to every other (one per user across campaigns). */
export const STORY_FAMILY = 'story';

export function storyCampaign(type: string) {
  return { type, total: STORY_TOTAL, premium_days: COUPON_PREMIUM_DAYS, percent_off: COUPON_DISCOUNT_PERCENT, valid_days: STORY_VALID_DAYS };
}

/** ANIV- and 10 characters without look-alikes (0/O, 1/I). */
export function storyCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(10);
  return `ANIV-${[...bytes].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

function knownType(expected: string, type: string) {
  if (type !== expected) throw badRequest('FORM_COUPON_TYPE_INVALID', 'type');
}

export async function remaining(db: Db, expected: string, type: string, userId: number | null) {
  knownType(expected, type);
  const c = await q.campaign(db, type);
  return {
    remaining_count: c ? Math.max(0, c.total - c.issued) : 0,
    already_claimed: userId !== null && (await q.claimedFromCampaign(db, userId, type)),
  };
}

/** Returns the user coupon's id; the codes of §8 when it cannot be given. */
export async function generate(db: Db, expected: string, type: string, userId: number): Promise<number> {
  knownType(expected, type);
  try {
    return await db.tx(async (t) => {
      const c = await q.campaign(t, type, true);
      if (!c) throw badRequest('FORM_COUPON_TYPE_INVALID', 'type');
      if (await q.claimedFromCampaign(t, userId, type)) throw conflict('FORM_COUPON_ALREADY_CLAIMED');
      if (await q.holdsFamily(t, userId, STORY_FAMILY)) throw conflict('FORM_HAVE_SIMILAR_COUPON');
      if (c.issued >= c.total) throw conflict('FORM_COUPON_MAXIMUM_REACHED');
      const held = await q.issueStoryCoupon(t, c, userId, storyCode(), STORY_FAMILY);
      await q.addFreePeriod(t, userId, 'coupon', c.premium_days, held.id);
      return held.id;
    });
  } catch (err) {
    // A concurrent twin passed the checks first (the unique family index): it is the same claim.
    if ((err as { code?: string })?.code === '23505') throw conflict('FORM_COUPON_ALREADY_CLAIMED');
    throw err;
  }
}
