// Transport error rules of SPEC §8, turned into one ApiError the screens can show.
import { isErrorBody, firstCode, type ErrorBody } from '../shared/codes.ts';

export class ApiError extends Error {
  readonly status: number | null;
  readonly body: ErrorBody;
  constructor(status: number | null, body: ErrorBody) {
    super(firstCode(body) ?? 'FORM_AN_ERROR_HAS_OCCURRED');
    this.status = status;
    this.body = body;
  }
  get code(): string {
    return this.message;
  }
  /** Codes for one field (forms show these under the input). */
  field(name: string): string[] {
    return this.body.errors[name] ?? [];
  }
}

const general = (code: string): ErrorBody => ({ errors: { general: [code] } });

/** Response with an `errors` field: passed as-is; other bodies: FORM_UNEXPECTED_SERVER_RESPONSE. */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let data: unknown;
  try {
    data = await res.clone().json();
  } catch {
    data = undefined;
  }
  if (res.status === 503) return new ApiError(503, general('MAINTENANCE_MODE'));
  return new ApiError(res.status, isErrorBody(data) ? data : general('FORM_UNEXPECTED_SERVER_RESPONSE'));
}

/** No response at all (network down, timeout): FORM_REQUEST_FAILED. */
export const requestFailed = () => new ApiError(null, general('FORM_REQUEST_FAILED'));
/** The request could not even be built: FORM_AN_ERROR_HAS_OCCURRED. */
export const setupFailed = () => new ApiError(null, general('FORM_AN_ERROR_HAS_OCCURRED'));

/** The code a screen shows for any failure: the API's first code, else the generic one. */
export function errorCode(err: unknown): string {
  return err instanceof ApiError ? err.code : 'FORM_AN_ERROR_HAS_OCCURRED';
}
