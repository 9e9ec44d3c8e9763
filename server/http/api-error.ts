import type { FieldError } from '../../contract/errors.schemas';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const unauthorized = (message = 'Authentication required') => new ApiError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, errors?: FieldError[]) => new ApiError(409, message, {}, errors);

export function invalidField(field: string, message: string) {
  return new ApiError(400, `${field} ${message}`, {}, [{ field, message }]);
}
