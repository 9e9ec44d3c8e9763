import ky, { isHTTPError, isTimeoutError, type KyInstance, type ResponsePromise } from 'ky';
import type { Failure, FieldError } from '../domain/failure';

export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpClientOptions {
  prefixUrl?: string;
  timeout?: number;
  getToken: () => string | null;
  onUnauthorized: () => void;
  /** The transport; the browser's `fetch` unless given (QA's path tests control the network with it). */
  fetch?: typeof globalThis.fetch;
}

/** Set on a request whose 401 answer is an expected outcome (wrong credentials, a token already ended), not an ended session. */
export const credentialsCheck = { credentialsCheck: true };

export function createHttpClient({
  prefixUrl = '/api/',
  timeout = DEFAULT_TIMEOUT_MS,
  getToken,
  onUnauthorized,
  fetch,
}: HttpClientOptions): KyInstance {
  return ky.create({
    prefixUrl,
    ...(fetch && { fetch }),
    timeout,
    retry: 0,
    headers: { accept: 'application/json' },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = getToken();
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        (_request, options, response) => {
          if (response.status === 401 && !options.context.credentialsCheck) onUnauthorized();
        },
      ],
    },
  });
}

/** Awaits a ky call and answers its JSON body, or rejects with a {@link Failure}. */
export async function call<T>(request: ResponsePromise): Promise<T> {
  try {
    return await request.json<T>();
  } catch (error) {
    throw await toFailure(error);
  }
}

export async function toFailure(error: unknown, now: () => number = Date.now): Promise<Failure> {
  if (isTimeoutError(error)) return { kind: 'timeout', status: 'TIMEOUT_ERROR' };
  if (isHTTPError(error)) {
    const retryAt = retryAtOf(error.response.headers.get('retry-after'), now());
    return {
      kind: 'http',
      status: error.response.status,
      ...(await readErrorBody(error.response)),
      ...(retryAt === undefined ? {} : { retryAt }),
    };
  }
  if (error instanceof SyntaxError) return { kind: 'parse', status: 'PARSING_ERROR' };
  return { kind: 'network', status: 'FETCH_ERROR' };
}

/** `Retry-After` is either seconds to wait or an HTTP date (RFC 9110); anything else is ignored. */
function retryAtOf(header: string | null, now: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return now + Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : date;
}

type ErrorParams = Record<string, string | number>;

async function readErrorBody(
  response: Response,
): Promise<{ message?: string; code?: string; params?: ErrorParams; errors?: FieldError[] }> {
  try {
    const body: unknown = JSON.parse(await response.text());
    if (typeof body !== 'object' || body === null) return {};
    const { message, code, params, errors } = body as { message?: unknown; code?: unknown; params?: unknown; errors?: unknown };
    return {
      ...(typeof message === 'string' ? { message } : {}),
      ...(typeof code === 'string' ? { code } : {}),
      ...(isParams(params) ? { params } : {}),
      ...(Array.isArray(errors) ? { errors: errors.filter(isFieldError).map(fieldErrorOf) } : {}),
    };
  } catch {
    return {};
  }
}

function isParams(value: unknown): value is ErrorParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string' || typeof entry === 'number')
  );
}

/** Only what the console reads of a field error: its field, words, rule and the rule's values. */
function fieldErrorOf({ field, message, rule, params }: FieldError & { params?: unknown }): FieldError {
  return { field, message, ...(typeof rule === 'string' ? { rule } : {}), ...(isParams(params) ? { params } : {}) };
}

function isFieldError(value: unknown): value is FieldError {
  if (typeof value !== 'object' || value === null) return false;
  const { field, message } = value as Record<string, unknown>;
  return typeof field === 'string' && typeof message === 'string';
}
