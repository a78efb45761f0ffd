// The answer sheet's short code (issue 32 §3): eight characters of an alphabet without look-alikes,
// derived from the sheet's UUID, so the printed sheet and the page agree without storing anything.
import { describe, expect, it } from 'vitest';
import { SHEET_CODE_ALPHABET, sheetCode, sheetCodeLabel } from '../../src/shared/sheet-code.ts';

describe('sheet code', () => {
  it('is 8 characters with no I, L, O or U, the same for the same sheet, and differs between sheets', () => {
    const id = '6b1f0e2a-93c4-4d7e-8f10-2a3b4c5d6e7f';
    expect(sheetCode(id)).toHaveLength(8);
    expect(sheetCode(id)).toBe(sheetCode(id.toUpperCase()));
    expect(sheetCodeLabel(id)).toBe(`${sheetCode(id).slice(0, 4)}-${sheetCode(id).slice(4)}`);
    expect(SHEET_CODE_ALPHABET).toHaveLength(32);
    expect(SHEET_CODE_ALPHABET).not.toMatch(/[ILOU]/);
    // The UUID's first 40 bits (0x6b1f0e2a93), 5 per character.
    expect(sheetCode(id)).toBe('DCFGWAMK');
    const codes = new Set(Array.from({ length: 500 }, () => sheetCode(crypto.randomUUID())));
    expect(codes.size).toBe(500);
    for (const c of codes) expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(() => sheetCode('nu-e-un-uuid')).toThrow(RangeError);
  });
});
