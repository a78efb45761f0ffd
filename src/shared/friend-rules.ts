// Finding people and friend requests (issue 7 §2, SPEC §5): the search field's bounds and how a
// search text is read. Shared by the /prieteni page and the server's friends module.
import { z } from 'zod';
import { id, INVITATION_CODE_PATTERN, storableText } from './input-rules.ts';
import { email } from './validation.ts';

export const SEARCH_MIN = 3;
export const SEARCH_MAX = 100;
/** How many people one search returns at most. */
export const SEARCH_RESULTS_MAX = 20;
export { INVITATION_CODE_PATTERN };

/** The search text: trimmed, 3 to 100 characters. */
export const searchText = z
  .string({ error: 'FORM_SEARCH_REQUIRED' })
  .trim()
  .min(1, 'FORM_SEARCH_REQUIRED')
  .min(SEARCH_MIN, 'FORM_SEARCH_TOO_SHORT')
  .max(SEARCH_MAX, 'FORM_SEARCH_TOO_LONG')
  .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');

/**
 * What a search text asks for. With an '@' it is an e-mail, matched exactly and only then (so
 * nobody can guess addresses by pieces); else a name fragment, and also an invitation code when
 * it has that shape. An invalid e-mail gets the e-mail field's codes.
 */
export const searchQuery = z.object({ q: searchText }).transform((v, ctx) => {
  if (v.q.includes('@')) {
    const parsed = email.safeParse(v.q);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['q'] });
      return z.NEVER;
    }
    return { kind: 'email' as const, email: parsed.data };
  }
  return {
    kind: 'name' as const,
    name: v.q,
    code: INVITATION_CODE_PATTERN.test(v.q) ? v.q.toUpperCase() : null,
  };
});
export type SearchQuery = z.output<typeof searchQuery>;

/** The body that names another user: a friend request, a block. */
export const otherUserBody = z.object({ user_id: id('FORM_USER_NOT_FOUND') });

/** How the viewer stands with someone found by a search. */
export type Relation = 'none' | 'friend' | 'incoming' | 'outgoing' | 'rejected';

/** Realtime event on both people's `private-user.{id}` when a friendship or request between them changed (no payload: read again). */
export const FRIENDS_EVENT = 'friends';

/**
 * Name search without diacritics (issue 23 §3: "Stanescu" finds "Stănescu"): the stored name is
 * folded in SQL by translate() over these letters (no unaccent extension: the same SQL runs on
 * PGlite and PostgreSQL), the typed text by foldName. Both sides then compare without case (ILIKE).
 */
export const FOLD_FROM = 'ĂÂÎȘŞȚŢăâîșşțţÁÉÍÓÖŐÚÜŰáéíóöőúüű';
export const FOLD_TO = 'AAISSTTaaisstt' + 'AEIOOOUUU' + 'aeiooouuu';

/** The typed text with its diacritics dropped (any letter's, via Unicode decomposition). */
export const foldName = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
