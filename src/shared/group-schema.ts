// Request bodies of the group tests (issue 10), shared by the server routes and the app's forms.
// Issue messages are catalogue codes. The grids are picked like a practice test (manual, chapters,
// count, difficulty); the time is per grid (see docs/ARCHITECTURE.md, group tests).
import { z } from 'zod';
import { DIFFICULTIES, OPTION_LETTERS } from './constants.ts';
import { uuid } from './validation.ts';
import { id as rowId, idParam } from './input-rules.ts';

export const GROUP_COUNT_MIN = 1;
export const GROUP_COUNT_MAX = 50;
export const GROUP_GRID_SECONDS_MIN = 10;
export const GROUP_GRID_SECONDS_MAX = 600;
export const GROUP_GRID_SECONDS_DEFAULT = 60;
/**
 * At most this many members in a group: joined or invited (an invitation holds a seat), the
 * creator included. Enforced on creation, invitation and every join (by invitation or code).
 */
export const GROUP_MEMBERS_MAX = 30;
/** An answer the server receives up to this long after the grid closed still counts (see ARCHITECTURE). */
export const GROUP_ANSWER_GRACE_MS = 2000;
/**
 * Between grids: the closed grid with its options, key and who answered what, for everyone at
 * once; the next grid opens at an absolute server time when the pause ends, so every member gets
 * its full time from the moment it is shown (server/modules/groups/clock.ts).
 */
export const GROUP_PAUSE_MS = 4000;
/** The pause the creator chooses (issue 32 §2): 4 s was too short to read five options and an
 *  explanation. GROUP_PAUSE_MS stays the pause of groups made before the choice existed. */
export const GROUP_PAUSE_SECONDS_MIN = 5;
export const GROUP_PAUSE_SECONDS_MAX = 60;
export const GROUP_PAUSE_SECONDS_DEFAULT = 15;
/** From the start to grid 1: every member's page learns the opening time before it comes. */
export const GROUP_START_LEAD_MS = 3000;
/** The lobby address and the shareable code: 12 and 8 characters. */
export const GROUP_HASH_PATTERN = /^[a-z0-9]{12}$/;
export const GROUP_CODE_PATTERN = /^[A-Z0-9]{8}$/;
/**
 * New codes use only characters that cannot be misread (no 0/O, 1/I/L, 2/Z, 5/S, 8/B, U/V):
 * they are read aloud and typed on phones. Older codes may hold any of [A-Z0-9] and still work.
 */
export const GROUP_CODE_ALPHABET = 'ACDEFGHJKMNPQRTWXY34679';

const id = rowId();

export const createGroupBody = z.object({
  manual_id: rowId('FORM_MANUAL_INVALID'),
  chapter_ids: z.array(id).max(500, 'FIELD_TOO_LONG').default([]),
  count: z
    .number({ error: 'FIELD_REQUIRED' })
    .int('FIELD_INVALID')
    .min(GROUP_COUNT_MIN, 'FIELD_TOO_SMALL')
    .max(GROUP_COUNT_MAX, 'FIELD_TOO_LARGE'),
  difficulty: z.enum(DIFFICULTIES, { error: 'FORM_DIFFICULTY_INVALID' }).nullish(),
  seconds_per_grid: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(GROUP_GRID_SECONDS_MIN, 'FIELD_TOO_SMALL')
    .max(GROUP_GRID_SECONDS_MAX, 'FIELD_TOO_LARGE')
    .default(GROUP_GRID_SECONDS_DEFAULT),
  pause_seconds: z
    .number({ error: 'FIELD_INVALID' })
    .int('FIELD_INVALID')
    .min(GROUP_PAUSE_SECONDS_MIN, 'FIELD_TOO_SMALL')
    .max(GROUP_PAUSE_SECONDS_MAX, 'FIELD_TOO_LARGE')
    .default(GROUP_PAUSE_SECONDS_DEFAULT),
  invite_ids: z
    .array(id, { error: 'FORM_GROUP_INVITE_REQUIRED' })
    .min(1, 'FORM_GROUP_INVITE_REQUIRED')
    // The creator holds one of the GROUP_MEMBERS_MAX seats.
    .max(GROUP_MEMBERS_MAX - 1, 'FIELD_TOO_LONG')
    .refine((v) => new Set(v).size === v.length, 'FORM_GROUP_USER_ALREADY_INVITED'),
});
export type CreateGroupBody = z.input<typeof createGroupBody>;

export const groupHashParams = z.object({
  hash: z.string({ error: 'FIELD_INVALID' }).regex(GROUP_HASH_PATTERN, 'FORM_TEST_NOT_FOUND'),
});
export const groupAnswerParams = groupHashParams.extend({ position: idParam() });

export const joinByCodeBody = z.object({
  code: z
    .string({ error: 'FORM_GROUP_INVALID_ACCESS_CODE' })
    .max(40, 'FORM_GROUP_INVALID_ACCESS_CODE')
    // Typed as read: lowercase, with spaces or dashes between groups of letters.
    .overwrite((v) => v.replace(/[\s-]+/g, '').toUpperCase())
    .regex(GROUP_CODE_PATTERN, 'FORM_GROUP_INVALID_ACCESS_CODE'),
});
export const groupUserBody = z.object({ user_id: rowId('FORM_USER_NOT_FOUND') });
export const readyBody = z.object({ ready: z.boolean({ error: 'FIELD_INVALID' }) });

export const groupAnswerBody = z.object({
  /** The client's id for this answer: a retry with the same id is the same answer. */
  id: uuid,
  marked: z
    .array(z.enum(OPTION_LETTERS, { error: 'FORM_ANSWER_REQUIRED' }), { error: 'FORM_ANSWER_REQUIRED' })
    .max(5, 'FIELD_TOO_LONG')
    .refine((v) => new Set(v).size === v.length, 'FIELD_INVALID'),
});
export type GroupAnswerBody = z.input<typeof groupAnswerBody>;
