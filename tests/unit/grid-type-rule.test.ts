// Issue 11 §4.10: a CM grid has one to four correct options (DOMAIN.md), in the shared rule and
// in the text of the add-grid form.
import { describe, it, expect } from 'vitest';
import { CORRECT_COUNT, correctLettersValid, gridBody, gridTypeLabel } from '../../src/shared/grid-schema.ts';
import { check } from '../../src/shared/validation.ts';

const grid = (correct: string[]) => ({
  chapter_id: 1,
  type: 'CM',
  statement: 'Care dintre următoarele sunt organite celulare?',
  options: { A: 'Mitocondria', B: 'Ribozomul', C: 'Nucleolul', D: 'Membrana', E: 'Citosolul' },
  correct,
  difficulty: 'easy',
});

describe('CM correct answers', () => {
  it('the rule accepts one to four letters, as DOMAIN.md says', () => {
    expect(CORRECT_COUNT.CM).toEqual({ min: 1, max: 4 });
    expect(correctLettersValid('CM', ['A'])).toBe(true);
    expect(correctLettersValid('CM', ['A', 'B', 'C', 'D'])).toBe(true);
    expect(correctLettersValid('CM', ['A', 'B', 'C', 'D', 'E'])).toBe(false);
    expect(check(gridBody, grid(['B']))).toBeUndefined();
    expect(check(gridBody, grid(['A', 'B', 'C', 'D', 'E']))?.errors.correct).toEqual(['FORM_CORRECT_ANSWERS_INVALID']);
  });

  it('the form text states the same range as the rule', () => {
    expect(gridTypeLabel('CM')).toBe('Complement multiplu (1–4 răspunsuri corecte)');
    expect(gridTypeLabel('CM')).not.toContain('2–4');
    expect(gridTypeLabel('CS')).toContain('un singur răspuns corect');
  });
});
