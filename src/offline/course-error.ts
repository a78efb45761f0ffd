// Course load errors, without IndexedDB (the public pages use them before any download exists).
import { ApiError } from '../api/errors.ts';

export const OFFLINE_HINT = 'Data viitoare descarcă manualul cu „Descarcă pentru offline” ca să-l poți citi și fără internet.';

/** A network failure (no answer) becomes FORM_NETWORK_REQUIRED; server answers stay as they are. */
export function courseError(err: unknown): ApiError {
  if (err instanceof ApiError) {
    if (err.status === null && err.code === 'FORM_REQUEST_FAILED') {
      return new ApiError(null, { errors: { general: ['FORM_NETWORK_REQUIRED'] } });
    }
    return err;
  }
  return new ApiError(null, { errors: { general: ['FORM_AN_ERROR_HAS_OCCURRED'] } });
}
