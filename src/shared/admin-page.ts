// Paging of the admin lists that can outgrow one screen (issue 30 §1: "never all rows at once"):
// at most ADMIN_PAGE_MAX rows a page, and a keyset cursor `after` = "<time in µs since 1970>:<id>" of
// the last row shown, which the response names as next_after (null on the last page). A cursor
// rather than an offset: rows added while an admin pages do not shift the next page.
import { z } from 'zod';
import { intQuery } from './input-rules.ts';

export const ADMIN_PAGE_MAX = 500;
export const adminPageQuery = {
  limit: intQuery(1, ADMIN_PAGE_MAX).optional(),
  after: z.string({ error: 'FIELD_INVALID' }).max(40, 'FIELD_INVALID').regex(/^[0-9]{1,18}:[1-9][0-9]{0,9}$/, 'FIELD_INVALID').optional(),
};
export type AdminPage = { limit?: number; after?: string };

/** The cursor's parts, for the query. */
export function parseAfter(after: string | undefined): { us: string; id: number } | null {
  if (!after) return null;
  const [us, id] = after.split(':');
  return { us: us!, id: Number(id) };
}
