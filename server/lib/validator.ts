// Fastify's validator compiler over the shared zod schemas. A refinement that throws on a shape it
// did not expect (a rule written for a string meeting an object) must not reach the error handler
// as a 500: such a body is malformed, so it answers like any invalid field (422 FIELD_INVALID).
import type { ZodType } from 'zod';
import { GENERAL } from '../../src/shared/codes.ts';
import { toErrorBody } from '../../src/shared/validation.ts';
import { ValidationFailure } from './errors.ts';

export type ValidationResult = { value: unknown } | { error: ValidationFailure };

export function validateWith(schema: ZodType, data: unknown): ValidationResult {
  let result: ReturnType<ZodType['safeParse']>;
  try {
    result = schema.safeParse(data);
  } catch {
    return { error: new ValidationFailure({ errors: { [GENERAL]: ['FIELD_INVALID'] } }) };
  }
  return result.success ? { value: result.data } : { error: new ValidationFailure(toErrorBody(result.error)) };
}
