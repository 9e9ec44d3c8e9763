import { describe, expect, it } from 'vitest';
import { bearer, demo, nextClientIp, signIn, useTestApp } from '../../support/server/harness';

const testApp = useTestApp();

function postJson(url: string, payload: string, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
    remoteAddress: nextClientIp(),
  });
}

const postLoginJson = (payload: string) => postJson('/api/auth/login', payload);

describe('bad input', () => {
  it('answers malformed JSON with 400 and a body field error', async () => {
    const response = await postLoginJson('{"email": "root@example.com",');

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      code: 'INVALID_JSON',
      message: expect.any(String),
      errors: [{ field: 'body', rule: 'json', message: expect.any(String) }],
    });
  });

  it('lists each missing field', async () => {
    const response = await postLoginJson('{}');

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'email', rule: 'required', message: 'is required' },
      { field: 'password', rule: 'required', message: 'is required' },
    ]);
  });

  it('rejects extra fields instead of dropping them', async () => {
    const response = await postLoginJson(JSON.stringify({ email: demo.root, password: demo.password, admin: true }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'admin', rule: 'notAllowed', message: 'is not allowed' }]);
  });

  it('does not coerce body types', async () => {
    const response = await postLoginJson(JSON.stringify({ email: demo.root, password: 12345678 }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'password', rule: 'type', message: expect.stringContaining('string') }]);
  });

  it('rejects a malformed email', async () => {
    const response = await postLoginJson(JSON.stringify({ email: 'not-an-email', password: 'x' }));

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'email', rule: 'format', params: { format: 'email' }, message: expect.any(String) }]);
  });

  it.each(['[]', '"text"', 'null', '42', 'true', ''])('rejects the non-object body %j with a body error', async (payload) => {
    const response = await postLoginJson(payload);

    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'body', rule: 'type', message: expect.any(String) }]);
  });

  it('rejects a body without JSON content type with 415', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: `email=${demo.root}`,
      headers: { 'content-type': 'text/plain' },
    });

    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('rejects a body over the limit with 413', async () => {
    const response = await postLoginJson(JSON.stringify({ email: demo.root, password: 'x'.repeat(2 * 1024 * 1024) }));

    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
  });

  it('rejects prototype pollution attempts as bad input', async () => {
    const response = await postLoginJson('{"email":"root@example.com","password":"x","__proto__":{"admin":true}}');

    expect(response.statusCode).toBe(400);
  });

  it('never answers 500 to odd input', async () => {
    const { token } = await signIn(testApp.app, demo.root);
    const payloads = [
      '{"email":null,"password":null}',
      '{"email":["root@example.com"],"password":{"$ne":""}}',
      `{"email":"${'a'.repeat(300)}@example.com","password":"x"}`,
      '{"email":"root@example.com","password":""}',
      '{"email":"root@example.com","password":"x"}garbage',
      '\u0000\u0001',
      '{"tenantId":"\'; drop table tenants; --"}',
      '{"tenantId":123}',
      '{"token":""}',
      '{"token":null}',
      `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    ];
    for (const url of ['/api/auth/login', '/api/auth/assume', '/api/auth/logout', '/api/auth/refresh-jwt']) {
      for (const payload of payloads) {
        const response = await postJson(url, payload, bearer(token));
        expect(response.statusCode, `${url} ${payload.slice(0, 40)}`).toBeLessThan(500);
        expect(response.json()).toMatchObject({ statusCode: response.statusCode, message: expect.any(String) });
      }
    }
  });
});
