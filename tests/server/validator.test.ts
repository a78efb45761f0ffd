// The validator compiler (server/lib/validator.ts): a schema whose refinement throws on an input it
// did not expect answers 422 FIELD_INVALID, never reaching the error handler as a 500.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateWith } from '../../server/lib/validator.ts';
import { ValidationFailure } from '../../server/lib/errors.ts';

describe('validateWith', () => {
  const schema = z.object({ q: z.unknown() }).refine((v) => (v.q as string).trim().length > 0, 'FIELD_REQUIRED');

  it('a refinement that throws is an invalid body, not an exception', () => {
    const out = validateWith(schema, { q: { not: 'a string' } });
    expect('error' in out && out.error).toBeInstanceOf(ValidationFailure);
    expect('error' in out && out.error.body).toEqual({ errors: { general: ['FIELD_INVALID'] } });
  });

  it('keeps the schema own codes and the parsed value', () => {
    const bad = validateWith(schema, { q: '   ' });
    expect('error' in bad && bad.error.body.errors).toEqual({ general: ['FIELD_REQUIRED'] });
    expect(validateWith(schema, { q: 'nefron' })).toEqual({ value: { q: 'nefron' } });
  });
});
