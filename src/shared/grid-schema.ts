// The grid a user writes (add-a-grid form, POST/PUT /grids) and the answer-key rules shared
// with the content importer: CS exactly one letter, CM one to four, CG exactly one.
import { z } from 'zod';
import { GRID_TYPES, OPTION_LETTERS, type GridType } from './constants.ts';
import { difficulty, text } from './validation.ts';
import { id, optionalText } from './input-rules.ts';

export const GRID_STATEMENT_MIN = 10;
export const GRID_STATEMENT_MAX = 3000;
export const GRID_ANSWER_MAX = 1000;
export const GRID_EXPLANATION_MAX = 5000;
export const GRID_SOURCE_MAX = 200;

/** How many letters may be correct for each grid type. */
export const CORRECT_COUNT: Record<GridType, { min: number; max: number }> = {
  CS: { min: 1, max: 1 },
  CM: { min: 1, max: 4 },
  CG: { min: 1, max: 1 },
};

/** The type's name with its count of correct answers, from CORRECT_COUNT (the form's text follows the rule). */
export function gridTypeLabel(type: 'CS' | 'CM'): string {
  const { min, max } = CORRECT_COUNT[type];
  if (type === 'CS') return 'Complement simplu (un singur răspuns corect)';
  return `Complement multiplu (${min}–${max} răspunsuri corecte)`;
}

/** True when `correct` is a set of distinct letters A–E whose size suits the type. */
export function correctLettersValid(type: GridType, correct: readonly string[]): boolean {
  const bounds = CORRECT_COUNT[type];
  const letters = new Set(correct);
  return (
    letters.size === correct.length &&
    correct.every((l) => (OPTION_LETTERS as readonly string[]).includes(l)) &&
    correct.length >= bounds.min &&
    correct.length <= bounds.max
  );
}

export const gridStatement = text(
  { required: 'FORM_STATEMENT_REQUIRED', short: 'FORM_STATEMENT_TOO_SHORT', long: 'FORM_STATEMENT_TOO_LONG' },
  GRID_STATEMENT_MIN,
  GRID_STATEMENT_MAX,
);
export const gridAnswer = text(
  { required: 'FORM_ANSWER_REQUIRED', long: 'FORM_ANSWER_TOO_LONG' },
  1,
  GRID_ANSWER_MAX,
);
export const gridOptions = z.object(
  { A: gridAnswer, B: gridAnswer, C: gridAnswer, D: gridAnswer, E: gridAnswer },
  { error: 'FORM_ANSWER_REQUIRED' },
);
export const gridType = z.enum(GRID_TYPES, { error: 'FORM_GRID_TYPE_INVALID' });
export const gridCorrect = z
  .array(z.enum(OPTION_LETTERS, { error: 'FORM_CORRECT_ANSWERS_INVALID' }), {
    error: 'FORM_CORRECT_ANSWERS_INVALID',
  })
  .min(1, 'FORM_CORRECT_ANSWERS_INVALID')
  .max(4, 'FORM_CORRECT_ANSWERS_INVALID');

/** The fields of a grid as the API takes them (see gridBody / gridPatchBody). */
export const gridFields = {
  chapter_id: id('FORM_CHAPTER_INVALID'),
  type: gridType,
  statement: gridStatement,
  options: gridOptions,
  correct: gridCorrect,
  explanation: optionalText(GRID_EXPLANATION_MAX),
  difficulty,
  source: optionalText(GRID_SOURCE_MAX).optional(),
};

/** Adds FORM_CORRECT_ANSWERS_INVALID on `correct` when both type and letters are given and disagree. */
export const checkCorrect = (v: { type?: GridType; correct?: string[] }, ctx: z.RefinementCtx) => {
  if (v.type && v.correct && !correctLettersValid(v.type, v.correct)) {
    ctx.addIssue({ code: 'custom', message: 'FORM_CORRECT_ANSWERS_INVALID', path: ['correct'] });
  }
};

/** POST /grids and the add-a-grid form. */
export const gridBody = z
  .object({ ...gridFields, explanation: gridFields.explanation.default('') })
  .superRefine(checkCorrect);
export type GridBody = z.input<typeof gridBody>;

/** PUT /grids/:id: any subset; type and correct are re-checked together against the stored grid. */
export const gridPatchBody = z.object(gridFields).partial().superRefine(checkCorrect);
export type GridPatchBody = z.input<typeof gridPatchBody>;

/** A grid as the API returns it (correct/explanation null while locked for a free user). */
export type GridOut = {
  id: number;
  chapter_id: number;
  type: 'CS' | 'CM' | 'CG';
  statement: string;
  options: Record<string, string>;
  correct: string[] | null;
  explanation: string | null;
  explanation_photo_url: string | null;
  difficulty: 'easy' | 'hard';
  source: string;
  premium: boolean;
  published: boolean;
  mine: boolean;
  locked: boolean;
  updated_at: string;
};
