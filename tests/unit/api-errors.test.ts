import { describe, expect, it } from 'vitest';
import { ApiError, errorCode } from '../../src/api/errors.ts';

describe('errorCode', () => {
  it('shows the API’s first code, and the generic code for anything else', () => {
    expect(errorCode(new ApiError(422, { errors: { email: ['FORM_EMAIL_INVALID'], general: ['X'] } }))).toBe('FORM_EMAIL_INVALID');
    expect(errorCode(new TypeError('boom'))).toBe('FORM_AN_ERROR_HAS_OCCURRED');
    expect(errorCode(undefined)).toBe('FORM_AN_ERROR_HAS_OCCURRED');
  });
});
