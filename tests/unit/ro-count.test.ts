// The one Romanian counting rule (src/shared/ro-count.ts) and the screens' wording that uses it.
import { describe, expect, it } from 'vitest';
import { countNoun, plural, pluralOr } from '../../src/shared/ro-count.ts';
import { answersText } from '../../src/offline/sync-state.ts';
import { zile } from '../../src/shell/nav.ts';
import { finishedLabel } from '../../src/components/simulations/format.ts';
import { roCount } from '../../server/modules/mail/templates.ts';

describe('Romanian counting', () => {
  it('puts "de" exactly where Intl.PluralRules says "other"', () => {
    const rules = new Intl.PluralRules('ro-RO');
    for (const n of [0, 1, 2, 5, 19, 20, 21, 99, 100, 101, 102, 119, 120, 1000, 1001, 1019, 1020]) {
      const withDe = countNoun(n, 'grilă', 'grile').startsWith('de ');
      expect(withDe, String(n)).toBe(rules.select(n) === 'other');
    }
  });

  it('says the forms', () => {
    expect(plural(1, 'cerere', 'cereri')).toBe('1 cerere');
    expect(plural(2, 'cerere', 'cereri')).toBe('2 cereri');
    expect(plural(20, 'cerere', 'cereri')).toBe('20 de cereri');
    expect(plural(0, 'grilă', 'grile')).toBe('0 grile');
    expect(countNoun(1, 'grilă', 'grile')).toBe('grilă');
    expect(pluralOr(1, 'o oră', 'ore')).toBe('o oră');
    expect(pluralOr(24, 'o oră', 'ore')).toBe('24 de ore');
  });

  it('every screen and the e-mails count by the one rule', () => {
    expect(answersText(1)).toBe('1 răspuns');
    expect(answersText(20)).toBe('20 de răspunsuri');
    expect(answersText(119)).toBe('119 răspunsuri');
    expect(zile(12)).toBe('12 zile');
    expect(zile(92)).toBe('92 de zile');
    expect(finishedLabel(2)).toBe('2 candidați au terminat-o');
    expect(finishedLabel(20)).toBe('20 de candidați au terminat-o');
    expect(roCount(2, 'o oră', 'ore')).toBe('2 ore');
  });
});
