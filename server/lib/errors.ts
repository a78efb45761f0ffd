// Errors with stable codes from the shared catalogue; the error handler turns them into
// { errors: { field: [CODE] } } with the HTTP status given here.
import type { ErrorCode } from '../../src/shared/codes.ts';
import { GENERAL, type ErrorBody } from '../../src/shared/codes.ts';

export class AppError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  constructor(status: number, code: ErrorCode, field: string = GENERAL) {
    super(code);
    this.status = status;
    this.body = { errors: { [field]: [code] } };
  }
}

export class ValidationFailure extends Error {
  readonly body: ErrorBody;
  constructor(body: ErrorBody) {
    super('validation failed');
    this.body = body;
  }
}

export const badRequest = (code: ErrorCode, field?: string) => new AppError(422, code, field);
export const unauthorized = (code: ErrorCode = 'FORM_NOT_AUTHENTICATED') => new AppError(401, code);
export const forbidden = (code: ErrorCode = 'FORM_FORBIDDEN') => new AppError(403, code);
export const notFound = (code: ErrorCode) => new AppError(404, code);
export const conflict = (code: ErrorCode, field?: string) => new AppError(409, code, field);
export const tooMany = (code: ErrorCode = 'FORM_TOO_MANY_REQUESTS') => new AppError(429, code);
