// Validation rules of SPEC §5 as zod schemas whose issue messages are catalogue codes.
// The server validates every route body with these; the forms check them before sending.
import { z } from 'zod';
import {
  PASSWORD_MIN,
  PASSWORD_MAX,
  NAME_MAX,
  EMAIL_MAX,
  REPORT_REASON_MIN,
  REPORT_REASON_MAX,
  THEMES,
  CONTACT_MESSAGE_MIN,
  CONTACT_MESSAGE_MAX,
  ERROR_LOG_MAX_FIELD,
  DIFFICULTIES,
} from './constants.ts';
import type { ErrorBody } from './codes.ts';
import { GENERAL } from './codes.ts';
import { freeJsonObject, id, int4, plainString, storableText, text } from './input-rules.ts';
import { referralCode } from './referral-rules.ts';

// Text, integer, id and date rules (what PostgreSQL can store) live in input-rules.ts; `text` is
// re-exported here for the schemas that always took it from this file.
export { text } from './input-rules.ts';

export const email = z
  .string({ error: 'FORM_EMAIL_REQUIRED' })
  .trim()
  .toLowerCase()
  .min(1, 'FORM_EMAIL_REQUIRED')
  .max(EMAIL_MAX, 'FORM_EMAIL_TOO_LONG')
  .refine(storableText, 'FORM_EMAIL_INVALID')
  .pipe(z.email({ error: 'FORM_EMAIL_INVALID' }));

export const password = z
  .string({ error: 'FORM_PASSWORD_REQUIRED' })
  .min(1, 'FORM_PASSWORD_REQUIRED')
  .min(PASSWORD_MIN, 'FORM_PASSWORD_TOO_SHORT')
  .max(PASSWORD_MAX, 'FORM_PASSWORD_TOO_LONG');

/** Two words separated by a space: "Popescu Ana" (hyphenated or longer names allowed). */
export const fullName = z
  .string({ error: 'FORM_NAME_REQUIRED' })
  .trim()
  .min(1, 'FORM_NAME_REQUIRED')
  .max(NAME_MAX, 'FORM_NAME_TOO_LONG')
  .regex(/^\S+(\s+\S+)+$/u, 'FORM_NAME_TWO_WORDS')
  .refine(storableText, 'FIELD_TEXT_UNSUPPORTED')
  .transform((v) => v.replace(/\s+/gu, ' '));

/** What to call the person in greetings and invitations (issue 23 §3): optional, one to 40 characters; empty clears it. */
export const CALL_NAME_MAX = 40;
export const callName = z
  .string({ error: 'FORM_CALL_NAME_TOO_LONG' })
  .trim()
  .max(CALL_NAME_MAX, 'FORM_CALL_NAME_TOO_LONG')
  .refine(storableText, 'FIELD_TEXT_UNSUPPORTED')
  .transform((v) => v.replace(/\s+/gu, ' ') || null);

export const theme = z.enum(THEMES, { error: 'FORM_THEME_INVALID' });
export const difficulty = z.enum(DIFFICULTIES, { error: 'FORM_DIFFICULTY_INVALID' });
export const uuid = z.uuid({ error: 'FORM_UUID_INVALID' });
export const captchaToken = z.string().max(4000).optional();

export const reportReason = text(
  { required: 'FORM_REASON_REQUIRED', short: 'FORM_REASON_TOO_SHORT', long: 'FORM_REASON_TOO_LONG' },
  REPORT_REASON_MIN,
  REPORT_REASON_MAX,
);

export const registerBody = z.object({
  name: fullName,
  call_name: callName.nullish(),
  email,
  password,
  terms: z.literal(true, { error: 'FORM_TERMS_REQUIRED' }),
  captcha: captchaToken,
  /** Whose personal link brought this person (issue 8 §5, src/shared/referral-rules.ts). */
  referral_code: referralCode.optional(),
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email,
  password: z.string({ error: 'FORM_PASSWORD_REQUIRED' }).min(1, 'FORM_PASSWORD_REQUIRED').max(PASSWORD_MAX, 'FORM_PASSWORD_TOO_LONG'),
  captcha: captchaToken,
});
export type LoginBody = z.input<typeof loginBody>;

export const forgotPasswordBody = z.object({ email, captcha: captchaToken });
export const resetPasswordBody = z
  .object({
    token: plainString(200, { invalid: 'FORM_WRONG_RESET_TOKEN', long: 'FORM_WRONG_RESET_TOKEN' }).min(10, 'FORM_WRONG_RESET_TOKEN'),
    password,
    password_confirmation: z.string({ error: 'FORM_PASSWORD_REQUIRED' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'FORM_PASSWORD_CONFIRMATION_MISMATCH',
    path: ['password_confirmation'],
  });
export const confirmEmailBody = z.object({
  hash: plainString(200, { invalid: 'FORM_INVALID_CONFIRMATION_HASH', long: 'FORM_INVALID_CONFIRMATION_HASH' }).min(
    10,
    'FORM_INVALID_CONFIRMATION_HASH',
  ),
});
export const googleLoginBody = z.object({
  credential: plainString(8000, { invalid: 'FORM_GOOGLE_TOKEN_INVALID', long: 'FORM_GOOGLE_TOKEN_INVALID' }).min(
    20,
    'FORM_GOOGLE_TOKEN_INVALID',
  ),
});

/** How many manuals a profile may hold (there are a handful: biology, chemistry, …). */
export const PROFILE_MANUALS_MAX = 10;

/**
 * The profile (issue 32 §5): one or more manuals (`manual_ids`, in the candidate's order; the first
 * is what one-manual screens use), the specialization and the centre. `manual_id` alone is still
 * taken (older clients): it stands for `manual_ids: [manual_id]`.
 */
export const completeProfileBody = z
  .object({
    manual_ids: z
      .array(id('FORM_MANUAL_INVALID'), { error: 'FORM_MANUAL_INVALID' })
      .max(PROFILE_MANUALS_MAX, 'FORM_MANUAL_INVALID')
      .optional(),
    manual_id: id('FORM_MANUAL_INVALID').optional(),
    specialization_id: id('FORM_SPECIALIZATION_INVALID'),
    center_id: id('FORM_CENTER_INVALID'),
  })
  .refine((b) => (b.manual_ids ? b.manual_ids.length > 0 : b.manual_id !== undefined), {
    message: 'FORM_MANUALS_REQUIRED',
    path: ['manual_ids'],
    // Said with the other fields' errors too, unless the manuals themselves are malformed, or the
    // body is no object at all (a root issue: the check would read a field of null, or add a
    // second error to an array body, which the server then answered 500 — the bad-input sweep).
    when: (p) => !p.issues.some((i) => !i.path?.length || i.path[0] === 'manual_ids' || i.path[0] === 'manual_id'),
  });
export type CompleteProfileBody = z.infer<typeof completeProfileBody>;

/** The manuals a profile body chooses, each once, in order. */
export const profileManualIds = (b: CompleteProfileBody): number[] => [...new Set(b.manual_ids ?? (b.manual_id ? [b.manual_id] : []))];

export const themeBody = z.object({ theme });
export const acknowledgeBannerBody = z.object({ value: z.boolean({ error: 'FIELD_INVALID' }) });
export const updateNameBody = z.object({ name: fullName, call_name: callName.nullish() });
export const changeEmailBody = z.object({ email, password: z.string().max(PASSWORD_MAX).optional() });
export const changePasswordBody = z
  .object({
    current_password: z.string({ error: 'FORM_PASSWORD_REQUIRED' }).min(1, 'FORM_PASSWORD_REQUIRED').max(PASSWORD_MAX, 'FORM_PASSWORD_TOO_LONG'),
    password,
    password_confirmation: z.string({ error: 'FORM_PASSWORD_REQUIRED' }),
  })
  .refine((v) => v.password === v.password_confirmation, {
    message: 'FORM_PASSWORD_CONFIRMATION_MISMATCH',
    path: ['password_confirmation'],
  });

export const contactBody = z.object({
  name: fullName,
  email,
  message: text(
    { required: 'FORM_MESSAGE_REQUIRED', short: 'FORM_MESSAGE_TOO_SHORT', long: 'FORM_MESSAGE_TOO_LONG' },
    CONTACT_MESSAGE_MIN,
    CONTACT_MESSAGE_MAX,
  ),
  captcha: captchaToken,
});

const logField = plainString(ERROR_LOG_MAX_FIELD);
export const errorLogBody = z.object({
  error_message: logField.min(1, 'FIELD_REQUIRED'),
  error_stack: logField.nullish(),
  additional_info: z.union([logField, freeJsonObject()]).nullish(),
  user_id: z.union([int4(), plainString(64)]).nullish(),
  page_url: plainString(2000).nullish(),
});
export type ErrorLogBody = z.input<typeof errorLogBody>;

/** Turns a zod error into the API's error body: field path → codes, first failing rule first. */
export function toErrorBody(error: z.ZodError): ErrorBody {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : GENERAL;
    const code = /^[A-Z][A-Z0-9_]+$/.test(issue.message) ? issue.message : codeForIssue(issue);
    const list = (errors[field] ??= []);
    if (!list.includes(code)) list.push(code);
  }
  return { errors };
}

function codeForIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' || issue.origin === 'array' ? 'FIELD_TOO_SHORT' : 'FIELD_TOO_SMALL';
    case 'too_big':
      return issue.origin === 'string' || issue.origin === 'array' ? 'FIELD_TOO_LONG' : 'FIELD_TOO_LARGE';
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'FIELD_REQUIRED' : 'FIELD_INVALID';
    default:
      return 'FIELD_INVALID';
  }
}

/** Client-side check with the same rules: undefined when valid. */
export function check<T extends z.ZodType>(schema: T, value: unknown): ErrorBody | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : toErrorBody(result.error);
}
