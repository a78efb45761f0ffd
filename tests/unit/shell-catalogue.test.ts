import { describe, expect, it } from 'vitest';
import { ERROR_CODES, SUCCESS_CODES } from '../../src/shared/codes.ts';
import { MESSAGES_RO, messageFor } from '../../src/shared/messages.ro.ts';

describe('message catalogue (SPEC §8)', () => {
  it.each([...ERROR_CODES, ...SUCCESS_CODES])('%s has a Romanian text', (code) => {
    const text = (MESSAGES_RO as Record<string, string>)[code];
    expect(typeof text).toBe('string');
    expect(text.trim().length).toBeGreaterThan(0);
    expect(text).not.toBe(code);
  });

  it('no code is both an error and a success', () => {
    const errors = new Set<string>(ERROR_CODES);
    expect(SUCCESS_CODES.filter((c) => errors.has(c))).toEqual([]);
  });

  it('uses comma-below ș/ț, never cedilla ş/ţ', () => {
    for (const text of Object.values(MESSAGES_RO)) expect(text).not.toMatch(/[şţŞŢ]/);
  });

  it('unknown codes are shown raw; {product} is replaced', () => {
    expect(messageFor('NOT_A_CODE_XYZ')).toBe('NOT_A_CODE_XYZ');
    const withProduct = Object.entries(MESSAGES_RO).find(([, t]) => t.includes('{product}'));
    if (withProduct) expect(messageFor(withProduct[0], 'Medix')).toContain('Medix');
    expect(messageFor('LOGOUT_SUCCESSFUL')).toBe(MESSAGES_RO.LOGOUT_SUCCESSFUL);
  });
});
