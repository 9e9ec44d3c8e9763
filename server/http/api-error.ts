import { errorCodeOfStatus, type FieldError } from '../../contract/errors.schemas';

type ErrorParams = Record<string, string | number>;

/**
 * An error answer: `code` is the stable name clients translate (the status's own when not given), `message` the
 * English fallback, `params` the words the text names.
 */
export class ApiError extends Error {
  readonly code: string;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldError[],
    code?: string,
    readonly params?: ErrorParams,
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code ?? errorCodeOfStatus(statusCode);
  }
}

export const unauthorized = (message = 'Authentication required', code = 'UNAUTHENTICATED') =>
  new ApiError(401, message, {}, undefined, code);
export const forbidden = (message = 'You are not allowed to do this', code = 'FORBIDDEN') =>
  new ApiError(403, message, {}, undefined, code);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new ApiError(404, message, {}, undefined, code);
export const conflict = (message: string, code: string, options: { errors?: FieldError[]; params?: ErrorParams } = {}) =>
  new ApiError(409, message, {}, options.errors, code, options.params);

/** A field the request got wrong: `rule` names the broken rule (`required`, `notAllowed`, `notFound`…). */
export function invalidField(field: string, rule: string, message: string, params?: ErrorParams) {
  return new ApiError(400, `${field} ${message}`, {}, [{ field, rule, message, ...(params && { params }) }], 'VALIDATION_FAILED');
}
