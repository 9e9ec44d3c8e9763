import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { handleError } from '../../../server/http/error-handler';

/** A PostgreSQL error as the driver raises it, its code set by the server, as drizzle wraps it. */
function failedQuery(code: string) {
  const cause = Object.assign(new pg.DatabaseError(`ended (${code})`, 0, 'error'), { code });
  return new DrizzleQueryError('update "users" set "version" = $1 where "id" = $2', [2, 'x'], cause);
}

/**
 * A write PostgreSQL ended to let a concurrent one go on (deadlock, serialization failure) is not the server's fault:
 * it is said as a 503 the client may send again, never as a 500. Provoking a real deadlock between two requests is left
 * to chance; the error handler sees the driver's error whatever produced it.
 */
describe('a transaction ended by a concurrent one', () => {
  const app = Fastify();
  app.setErrorHandler(handleError);
  app.get('/fails/:code', async (request) => {
    throw failedQuery((request.params as { code: string }).code);
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it.each(['40P01', '40001'])('answers %s with 503 CONCURRENT_CHANGE and Retry-After, saying nothing was saved', async (code) => {
    const response = await app.inject({ method: 'GET', url: `/fails/${code}` });

    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('1');
    expect(response.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      code: 'CONCURRENT_CHANGE',
      message: 'Another change was being saved at the same moment: nothing was saved. Try again.',
    });
  });

  it('keeps any other database failure a 500 that says nothing of the query', async () => {
    const response = await app.inject({ method: 'GET', url: '/fails/XX000' });

    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(response.body).not.toContain('users');
  });
});
