import type { FastifyRequest } from 'fastify';

/**
 * The server's logger settings (pino through Fastify): no password, password hash, session token or JWT ever reaches a
 * log line. Request lines carry no headers and no secret query values; errors keep what says what failed (type,
 * message, SQL text with its placeholders, database error code and constraint) and lose the values it failed on (the
 * parameters of a failed query, the row a constraint rejected); whatever text remains is scrubbed of anything shaped
 * like a hash, a JWT or a bearer token. `redact` covers secrets logged as fields of an object.
 */
export interface LogDestination {
  write(line: string): void;
}

export function loggerOptions(level: string, stream?: LogDestination) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: redactedPaths, censor: redacted },
    serializers: { req: requestLine, err: safeError },
  };
}

const redacted = '[redacted]';

const secretNames = ['password', 'currentPassword', 'newPassword', 'passwordHash', 'token', 'jwt', 'authorization', 'cookie'];
const redactedPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  ...secretNames.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
];

/** Query values whose name says they are secret (`?token=`, as in the video player's URL), whatever their case. */
const secretQueryValue = /([?&](?:token|access_token|jwt|password|secret|key)=)[^&#]*/gi;

export const safeUrl = (url: string) => scrub(url.replace(secretQueryValue, `$1${redacted}`));

function requestLine(request: FastifyRequest) {
  return {
    method: request.method,
    url: safeUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Text shaped like a secret: argon2 hashes, JWTs (three base64url parts, the first a JSON header), bearer credentials. */
const secretShapes: RegExp[] = [/\$argon2(?:id|i|d)\$[^\s"',;)]*/g, /eyJ[\w-]*\.[\w-]*\.[\w-]*/g, /(\bBearer\s+)\S+/gi];

export function scrub(text: string): string {
  return secretShapes.reduce(
    (clean, shape) => clean.replace(shape, (match, prefix) => (typeof prefix === 'string' ? `${prefix}${redacted}` : redacted)),
    text,
  );
}

/** The error fields that say what failed without the values it failed on. */
const keptFields = ['code', 'statusCode', 'severity', 'constraint', 'table', 'column', 'dataType', 'routine', 'query'] as const;
const maxCauses = 3;

/** Drizzle's failed-query message is `Failed query: <sql>\nparams: <values>`: the values go. */
const withoutParameters = (message: string) => message.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');

interface SerializedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

function safeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrub(String(error)), stack: '' };
  const message = withoutParameters(error.message);
  const stackFrames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const serialized: SerializedError = {
    type: error.constructor.name,
    message: scrub(message),
    stack: scrub([`${error.name}: ${message}`, ...stackFrames].join('\n')),
  };
  for (const field of keptFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = typeof value === 'string' ? scrub(value) : value;
  }
  if (error.cause !== undefined && depth < maxCauses) serialized.cause = safeError(error.cause, depth + 1);
  return serialized;
}
