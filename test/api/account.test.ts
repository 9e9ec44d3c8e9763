import { describe, expect, it, vi } from 'vitest';
import { cacheAccountApi, createAccountApi, type AccountApi } from '../../src/api/account';
import { createHttpClient } from '../../src/api/http';
import { createQueryClient } from '../../src/api/query-client';
import { globalState, meAnswer } from '../support/fixtures/session';

interface Received {
  method: string;
  url: string;
  body: unknown;
  authorization: string | null;
}

const me = meAnswer(globalState, 'Grace');

/** The account calls over a fetch that answers as docs/api-contract.md says (or with `answer`'s status and body). */
function accountOver(answer: (request: Received) => { status: number; body?: unknown } = () => ({ status: 200, body: me })) {
  const received: Received[] = [];
  const onUnauthorized = vi.fn();
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry = {
      method: request.method,
      url: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
      authorization: request.headers.get('authorization'),
    };
    received.push(entry);
    const { status, body } = answer(entry);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const http = createHttpClient({ prefixUrl: 'http://console.test/api/', getToken: () => 'token-1', onUnauthorized, fetch });
  return { api: createAccountApi(http), received, onUnauthorized };
}

describe('the account over HTTP', () => {
  it('reads the signed-in user, renames it and changes the password, with the bearer', async () => {
    const { api, received } = accountOver(({ method, url }) =>
      url.endsWith('/password') ? { status: 204 } : { status: 200, body: method === 'PUT' ? meAnswer(globalState, 'Gloria') : me },
    );
    expect(await api.me()).toEqual(me);
    expect((await api.updateProfile({ name: 'Gloria', surname: 'Rossi' })).user.name).toBe('Gloria');
    expect(await api.changePassword({ currentPassword: 'old-secret', newPassword: 'new-secret' })).toBeUndefined();
    expect(received).toEqual([
      { method: 'GET', url: '/api/users/me', body: undefined, authorization: 'Bearer token-1' },
      { method: 'PUT', url: '/api/users/me', body: { name: 'Gloria', surname: 'Rossi' }, authorization: 'Bearer token-1' },
      {
        method: 'PUT',
        url: '/api/users/me/password',
        body: { currentPassword: 'old-secret', newPassword: 'new-secret' },
        authorization: 'Bearer token-1',
      },
    ]);
  });

  it('rejects with the field errors of a refused change', async () => {
    const { api } = accountOver(() => ({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'currentPassword is incorrect',
        errors: [{ field: 'currentPassword', message: 'is incorrect' }],
      },
    }));
    await expect(api.changePassword({ currentPassword: 'wrong', newPassword: 'new-secret' })).rejects.toEqual({
      kind: 'http',
      status: 400,
      message: 'currentPassword is incorrect',
      errors: [{ field: 'currentPassword', message: 'is incorrect' }],
    });
  });

  it('turns two-factor sign-in on and off and makes new recovery codes, each with the code typed', async () => {
    const codes = { recoveryCodes: Array.from({ length: 10 }, (_, index) => `code${index}-abcde`) };
    const { api, received } = accountOver(({ method, url }) => {
      if (method === 'GET') return { status: 200, body: { enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false } };
      if (url.endsWith('/setup')) return { status: 200, body: { secret: 'KEY', otpauthUri: 'otpauth://totp/x', qrCode: 'data:,' } };
      return url.endsWith('/disable') ? { status: 204 } : { status: 200, body: codes };
    });
    expect((await api.twoFactor.status()).enabled).toBe(false);
    expect((await api.twoFactor.startSetup()).secret).toBe('KEY');
    expect(await api.twoFactor.confirm('123456')).toEqual(codes);
    expect(await api.twoFactor.regenerateRecoveryCodes('654321')).toEqual(codes);
    expect(await api.twoFactor.disable('abcde-12345')).toBeUndefined();
    expect(received.map(({ method, url, body }) => [method, url, body])).toEqual([
      ['GET', '/api/users/me/two-factor', undefined],
      ['POST', '/api/users/me/two-factor/setup', undefined],
      ['POST', '/api/users/me/two-factor/confirm', { code: '123456' }],
      ['POST', '/api/users/me/two-factor/recovery-codes', { code: '654321' }],
      ['POST', '/api/users/me/two-factor/disable', { code: 'abcde-12345' }],
    ]);
    expect(received.every(({ authorization }) => authorization === 'Bearer token-1')).toBe(true);
  });

  it('ends the session on a 401, unlike the session’s own background check', async () => {
    const { api, onUnauthorized } = accountOver(() => ({
      status: 401,
      body: { statusCode: 401, error: 'Unauthorized', message: 'Session expired' },
    }));
    await expect(api.me()).rejects.toMatchObject({ kind: 'http', status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('the account through the query cache', () => {
  const fakeApi = () => {
    let current = me;
    return {
      me: vi.fn(async () => current),
      updateProfile: vi.fn(async ({ name, surname }: { name: string; surname: string }) => {
        current = { ...current, user: { ...current.user, name, surname } };
        return current;
      }),
      changePassword: vi.fn(async () => {}),
      twoFactor: {
        status: vi.fn(async () => ({ enabled: false, enabledAt: null, recoveryCodesLeft: 0, required: false })),
        startSetup: vi.fn(async () => ({ secret: 'K', otpauthUri: 'otpauth://totp/x', qrCode: 'data:image/svg+xml;base64,' })),
        confirm: vi.fn(async () => ({ recoveryCodes: [] })),
        disable: vi.fn(async () => {}),
        regenerateRecoveryCodes: vi.fn(async () => ({ recoveryCodes: [] })),
      },
    } satisfies AccountApi;
  };

  it('reads the user once while fresh, again when asked to', async () => {
    const api = fakeApi();
    const account = cacheAccountApi(api, createQueryClient());
    await account.me({ reload: false });
    await account.me({ reload: false });
    expect(api.me).toHaveBeenCalledTimes(1);
    await account.me({ reload: true });
    expect(api.me).toHaveBeenCalledTimes(2);
  });

  it('keeps the answer of a rename as the fresh user, and has the users read again', async () => {
    const api = fakeApi();
    const queryClient = createQueryClient();
    const account = cacheAccountApi(api, queryClient);
    await account.me({ reload: false });
    await queryClient.fetchQuery({ queryKey: ['users', 'list', 'page 1'], queryFn: async () => 'rows' });
    await account.updateProfile({ name: 'Gloria', surname: 'Bianchi' });
    expect((await account.me({ reload: false })).user).toMatchObject({ name: 'Gloria', surname: 'Bianchi' });
    expect(api.me).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryState(['users', 'list', 'page 1'])?.isInvalidated).toBe(true);
  });

  it('keeps the cached user when a rename is refused', async () => {
    const api = fakeApi();
    api.updateProfile.mockRejectedValueOnce({ kind: 'http', status: 400 });
    const queryClient = createQueryClient();
    const account = cacheAccountApi(api, queryClient);
    await account.me({ reload: false });
    await expect(account.updateProfile({ name: 'Gloria', surname: 'Bianchi' })).rejects.toMatchObject({ status: 400 });
    expect((await account.me({ reload: false })).user.name).toBe('Grace');
  });
});
