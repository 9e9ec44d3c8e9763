import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error';
import type { ErrorResponse, FieldError } from '../../contract/errors.schemas';
import { toFieldErrors } from './validation';

export function errorBody(statusCode: number, message: string, errors?: FieldError[]): ErrorResponse {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message, ...(errors ? { errors } : {}) };
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) {
    return reply
      .code(error.statusCode)
      .headers(error.headers)
      .send(errorBody(error.statusCode, error.message, error.errors));
  }
  if (error.validation) {
    const errors = toFieldErrors(error.validation, error.validationContext);
    const message = errors.map(({ field, message }) => `${field} ${message}`).join('; ');
    return reply.code(400).send(errorBody(400, message || 'Invalid request', errors));
  }
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return reply.code(400).send(errorBody(400, 'Body is not valid JSON', [{ field: 'body', message: 'is not valid JSON' }]));
  }
  const statusCode = error.statusCode ?? 500;
  if (statusCode >= 400 && statusCode < 500) {
    return reply.code(statusCode).send(errorBody(statusCode, error.message));
  }
  request.log.error({ err: error }, 'unexpected error');
  return reply.code(500).send(errorBody(500, 'Something went wrong. Please try again later.'));
}
