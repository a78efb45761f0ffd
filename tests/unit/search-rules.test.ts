// The search's shared folding, word and highlight rules (issue 30 §3).
import { describe, expect, it } from 'vitest';
import { foldText, highlightRanges, markedPieces, searchQuery, searchWords, snippet, tsQueryOf } from '../../src/shared/search-rules.ts';

describe('search rules', () => {
  it('folds Romanian diacritics (comma and cedilla forms) and case, keeping every position', () => {
    expect(foldText('ȘȚĂÂÎ șțăâî Şţ RINICHÍ')).toBe('staai staai st rinichi');
    const s = 'Ăsta e ÎNTÂI';
    expect(foldText(s)).toHaveLength(s.length);
    // Every other character as the plain rule has it: lower case when that keeps one unit, else itself.
    for (let c = 0; c < 0x3000; c++) {
      const ch = String.fromCharCode(c);
      if ('ĂÂÎȘŞȚŢăâîșşțţÁÉÍÓÖŐÚÜŰáéíóöőúüű'.includes(ch)) continue;
      const lower = ch.toLowerCase();
      expect(foldText(`x${ch}Y`)).toBe(`x${lower.length === 1 ? lower : ch}y`);
    }
  });

  it('takes letters and digits as words, drops a word that another one extends, and never passes query syntax', () => {
    expect(searchWords('Nefr nefronul')).toEqual(['nefronul']);
    expect(searchWords("ansa & Henle | !x:*")).toEqual(['ansa', 'henle']);
    expect(searchWords('a')).toEqual(['a']);
    expect(searchWords('… —')).toEqual([]);
    expect(tsQueryOf(['ansa', 'henle'])).toBe('ansa:* & henle:*');
  });

  it('highlights whole words that start with a query word, over the original text', () => {
    const text = 'Nefronul și nefronului; RINICHIUL, rinichí.';
    const r = highlightRanges(text, ['nefr', 'rinichi']);
    expect(r.map(([a, b]) => text.slice(a, b))).toEqual(['Nefronul', 'nefronului', 'RINICHIUL', 'rinichí']);
    expect(highlightRanges('unefron', ['nefr'])).toEqual([]);
  });

  it('cuts a window around the first match with ellipses and ranges on the window', () => {
    const long = `${'început '.repeat(40)}aici este nefronul ${'sfârșit '.repeat(40)}`;
    const s = snippet(long, ['nefr'], 120);
    expect(s.text.startsWith('…')).toBe(true);
    expect(s.text.endsWith('…')).toBe(true);
    expect(s.text.length).toBeLessThanOrEqual(122);
    expect(s.ranges.map(([a, b]) => s.text.slice(a, b))).toEqual(['nefronul']);
  });

  it('splits text into plain and marked pieces, ignoring ranges out of bounds or overlapping', () => {
    expect(markedPieces('<b>nefron</b>', [[3, 9]])).toEqual([
      { text: '<b>', mark: false },
      { text: 'nefron', mark: true },
      { text: '</b>', mark: false },
    ]);
    expect(markedPieces('abc', [[1, 2], [1, 3], [2, 9]])).toEqual([
      { text: 'a', mark: false },
      { text: 'b', mark: true },
      { text: 'c', mark: false },
    ]);
  });

  it('bounds the query with catalogue codes', () => {
    const codes = (v: unknown) => (searchQuery.safeParse(v).error?.issues ?? []).map((i) => i.message);
    expect(codes({ q: 'a' })).toEqual(['FORM_CONTENT_SEARCH_TOO_SHORT']);
    expect(codes({ q: 'x'.repeat(101) })).toEqual(['FORM_SEARCH_TOO_LONG']);
    expect(codes({ q: 'ab\u0000' })).toEqual(['FIELD_TEXT_UNSUPPORTED']);
    expect(codes({ q: 'ab\ud800' })).toEqual(['FIELD_TEXT_UNSUPPORTED']);
    expect(codes({ q: 'nefron', kind: 'x' })).toEqual(['FIELD_INVALID']);
    expect(searchQuery.parse({ q: ' nefron ' })).toEqual({ q: 'nefron', kind: 'all' });
  });
});
