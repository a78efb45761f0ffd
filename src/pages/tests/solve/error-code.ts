import { ApiError } from '../../../api/errors.ts';

/** The code to show for a failure: the API's code, or the code a local step threw (saveAnswer, finishLocally…). */
export const solveErrorCode = (err: unknown): string =>
  err instanceof ApiError ? err.code : err instanceof Error && /^[A-Z_]+$/.test(err.message) ? err.message : 'FORM_AN_ERROR_HAS_OCCURRED';
