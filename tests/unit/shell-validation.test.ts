import { describe, expect, it } from 'vitest';
import { check, fullName, password, reportReason, theme, themeBody, toErrorBody } from '../../src/shared/validation.ts';

const codes = (schema: Parameters<typeof check>[0], value: unknown) => check(schema, value)?.errors.general ?? [];

describe('validation rules (SPEC §5)', () => {
  it('password: 7 too short, 8 ok, 100 ok, 101 too long, empty required', () => {
    expect(codes(password, 'a'.repeat(7))).toEqual(['FORM_PASSWORD_TOO_SHORT']);
    expect(check(password, 'a'.repeat(8))).toBeUndefined();
    expect(check(password, 'a'.repeat(100))).toBeUndefined();
    expect(codes(password, 'a'.repeat(101))).toEqual(['FORM_PASSWORD_TOO_LONG']);
    expect(codes(password, '')).toContain('FORM_PASSWORD_REQUIRED');
    expect(codes(password, undefined)).toEqual(['FORM_PASSWORD_REQUIRED']);
  });

  it('full name: two words separated by a space', () => {
    expect(check(fullName, 'Popescu Ana')).toBeUndefined();
    expect(check(fullName, 'Ana-Maria Popescu Ionescu')).toBeUndefined();
    expect(codes(fullName, 'Popescu')).toEqual(['FORM_NAME_TWO_WORDS']);
    expect(codes(fullName, '   ')).toContain('FORM_NAME_REQUIRED');
    expect(fullName.parse('  Popescu    Ana ')).toBe('Popescu Ana');
  });

  it('report reason: 4 too short, 5 ok, 5000 ok, 5001 too long, empty required', () => {
    expect(codes(reportReason, 'a'.repeat(4))).toEqual(['FORM_REASON_TOO_SHORT']);
    expect(check(reportReason, 'a'.repeat(5))).toBeUndefined();
    expect(check(reportReason, 'a'.repeat(5000))).toBeUndefined();
    expect(codes(reportReason, 'a'.repeat(5001))).toEqual(['FORM_REASON_TOO_LONG']);
    expect(codes(reportReason, '')).toContain('FORM_REASON_REQUIRED');
  });

  it('theme: light or dark only', () => {
    expect(check(theme, 'light')).toBeUndefined();
    expect(check(theme, 'dark')).toBeUndefined();
    expect(codes(theme, 'blue')).toEqual(['FORM_THEME_INVALID']);
    const body = check(themeBody, { theme: 'sepia' });
    expect(body).toEqual({ errors: { theme: ['FORM_THEME_INVALID'] } });
  });

  it('error body maps fields to codes', () => {
    const r = themeBody.safeParse({});
    expect(r.success).toBe(false);
    if (!r.success) expect(toErrorBody(r.error).errors.theme).toEqual(['FORM_THEME_INVALID']);
  });
});
