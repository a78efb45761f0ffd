// The rules every value from outside meets before it can reach PostgreSQL (issue 11 §3), in one
// place for the app's forms and every server schema: text without NUL bytes or lone UTF-16
// surrogates and of bounded length, integers within the int4 columns, ids (also as path
// parameters), dates PostgreSQL can store and that are plausible, and free-form JSON of bounded
// depth and size. Issue messages are catalogue codes (src/shared/codes.ts).
import { z } from 'zod';
import { storableText } from './storable-text.ts';

/** The largest value of a PostgreSQL `integer` (int4) column: ids, counts, seconds. */
export const INT4_MAX = 2_147_483_647;
export const INT4_MIN = -2_147_483_648;

/**
 * Dates outside this range are refused (PostgreSQL stores years 4713 BC–294276 AD; the app needs
 * far less). 1970 stays in: a device whose clock was reset says 1970, and its answers still count.
 */
export const DATE_MIN = Date.UTC(1970, 0, 1);
export const DATE_MAX = Date.UTC(2100, 0, 1);

/** Free-form JSON (filters, error details): at most this deep and this many values. */
export const JSON_MAX_DEPTH = 8;
export const JSON_MAX_NODES = 2000;

/** A longest-ever bound for a string field that names none (path parameters, tokens, slugs). */
export const STRING_MAX = 10_000;

// storableText is zod-free (the solve path uses it without zod): its own module, re-exported here.
export { storableText };

/**
 * A string of at most `max` characters that PostgreSQL can store (FIELD_TEXT_UNSUPPORTED otherwise).
 * `codes.invalid` answers a value that is not a string, `codes.long` one too long.
 */
export function plainString(max: number, codes: { invalid?: string; long?: string } = {}) {
  return z
    .string({ error: (i) => codes.invalid ?? (i.input === undefined ? 'FIELD_REQUIRED' : 'FIELD_INVALID') })
    .max(max, codes.long ?? 'FIELD_TOO_LONG')
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');
}

/** A trimmed string with required / too-short / too-long codes, storable by PostgreSQL. */
export function text(codes: { required: string; short?: string; long: string }, min: number, max: number) {
  return z
    .string({ error: codes.required })
    .trim()
    .min(1, codes.required)
    .min(min, codes.short ?? codes.required)
    .max(max, codes.long)
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');
}

/** A trimmed optional text (may be empty) of at most `max` characters, storable by PostgreSQL. */
export function optionalText(max: number, long = 'FIELD_TOO_LONG') {
  return z
    .string({ error: 'FIELD_INVALID' })
    .trim()
    .max(max, long)
    .refine(storableText, 'FIELD_TEXT_UNSUPPORTED');
}

/**
 * An integer that fits its column: int4 unless `min`/`max` say narrower. One `code` for every
 * failure when given (an id's "not found"-like code), else FIELD_INVALID / FIELD_TOO_SMALL / FIELD_TOO_LARGE.
 */
export function int4(opts: { min?: number; max?: number; code?: string } = {}) {
  const min = Math.max(opts.min ?? INT4_MIN, INT4_MIN);
  const max = Math.min(opts.max ?? INT4_MAX, INT4_MAX);
  return z
    .number({ error: opts.code ?? 'FIELD_INVALID' })
    .int(opts.code ?? 'FIELD_INVALID')
    .min(min, opts.code ?? 'FIELD_TOO_SMALL')
    .max(max, opts.code ?? 'FIELD_TOO_LARGE');
}

/** The id of a row (a positive int4), with one code for every failure. */
export const id = (code = 'FIELD_INVALID') => int4({ min: 1, code });

/** An id given as a path or query parameter: digits only (no '1e3', ' ', '0x10'), a positive int4. */
export const idParam = (code = 'FIELD_INVALID') =>
  z
    .string({ error: code })
    .regex(/^[1-9][0-9]{0,9}$/, code)
    .transform(Number)
    .pipe(id(code));

/** A whole number in a query string (page, limit), bounded. */
export const intQuery = (min: number, max: number) =>
  z
    .string({ error: 'FIELD_INVALID' })
    .regex(/^-?[0-9]{1,10}$/, 'FIELD_INVALID')
    .transform(Number)
    .pipe(int4({ min, max }));

/** True when `iso` names an instant in [DATE_MIN, DATE_MAX). */
export function plausibleDate(iso: string): boolean {
  const t = Date.parse(iso);
  return Number.isFinite(t) && t >= DATE_MIN && t < DATE_MAX;
}

/** An ISO 8601 date-time with offset, PostgreSQL-storable and plausible (FIELD_DATE_OUT_OF_RANGE otherwise). */
export const isoDateTime = (code = 'FIELD_INVALID') =>
  // abort: a string that is no date at all gets FIELD_INVALID only, not also "out of range".
  z.iso.datetime({ offset: true, error: code, abort: true }).refine(plausibleDate, 'FIELD_DATE_OUT_OF_RANGE');

/**
 * What is wrong with a free-form JSON value, walked without recursion (a body nested thousands of
 * levels deep must not overflow the stack): too deep, too many values, or a string (or key) that
 * PostgreSQL's jsonb cannot store. Undefined when it is fine.
 */
export function jsonProblem(
  value: unknown,
  maxDepth = JSON_MAX_DEPTH,
  maxNodes = JSON_MAX_NODES,
): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 0]];
  let nodes = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++nodes > maxNodes) return 'FIELD_TOO_LARGE';
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'string') {
      if (!storableText(v)) return 'FIELD_TEXT_UNSUPPORTED';
    } else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'FIELD_INVALID';
    } else if (v !== null && typeof v === 'object') {
      if (depth >= maxDepth) return 'FIELD_TOO_DEEP';
      const entries = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v);
      for (const [k, x] of entries) {
        if (!storableText(k)) return 'FIELD_TEXT_UNSUPPORTED';
        stack.push([x, depth + 1]);
      }
    } else return 'FIELD_INVALID';
  }
  return undefined;
}

/** A free-form JSON object (string keys, any JSON values) within the bounds of jsonProblem. */
export const freeJsonObject = (maxDepth = JSON_MAX_DEPTH, maxNodes = JSON_MAX_NODES) =>
  z
    .record(z.string().max(200, 'FIELD_TOO_LONG'), z.unknown(), { error: 'FIELD_INVALID' })
    .superRefine((v, ctx) => {
      const problem = jsonProblem(v, maxDepth, maxNodes);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** An invitation code: 12 hex digits (server/db/migrations/010_friends.sql), shown upper-case.
 *  Finding a friend by it (friend-rules.ts) and a referral link (referral-rules.ts) read it. */
export const INVITATION_CODE_PATTERN = /^[0-9A-F]{12}$/i;
