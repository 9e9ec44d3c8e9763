import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../../server/video-service/messages';
import {
  course,
  host,
  hostOf,
  sampleMp4,
  testSecret,
  upload,
  uploadProcessed,
  useVideoService,
  viewerToken,
} from '../../support/server/video-service-harness';

const testService = useVideoService();
let videoId: string;
let otherVideoId: string;

beforeAll(async () => {
  ({ uuid: videoId } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4()));
  ({ uuid: otherVideoId } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4()));
});

interface Attempt {
  token: string | undefined;
  host: string;
}

interface Endpoint {
  name: string;
  kind: 'page' | 'json';
  send(attempt: Attempt): Promise<LightMyRequestResponse>;
}

const tokenQuery = (token: string | undefined) => (token === undefined ? '' : `&token=${encodeURIComponent(token)}`);

const endpoints: Endpoint[] = [
  {
    name: 'the uploader page',
    kind: 'page',
    send: ({ token, host }) =>
      testService.service.inject({
        method: 'GET',
        url: `/upload?courseId=${course}&title=Clip&lang=en${tokenQuery(token)}`,
        headers: { host },
      }),
  },
  {
    name: 'the upload',
    kind: 'json',
    send: ({ token, host }) =>
      testService.service.inject({
        method: 'POST',
        url: `/videos?courseId=${course}`,
        headers: { host, 'content-type': 'video/mp4', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
        payload: sampleMp4(),
      }),
  },
  {
    name: 'the player page',
    kind: 'page',
    send: ({ token, host }) =>
      testService.service.inject({
        method: 'GET',
        url: `/course/${course}/watch/${videoId}?lang=en${tokenQuery(token)}`,
        headers: { host },
      }),
  },
  {
    name: 'the media',
    kind: 'json',
    send: ({ token, host }) =>
      testService.service.inject({ method: 'GET', url: `/media/${videoId}?x=1${tokenQuery(token)}`, headers: { host } }),
  },
];

const now = () => Math.floor(Date.now() / 1000);

const refusals: { name: string; attempt: () => Promise<Attempt>; status: number; code: keyof (typeof messages)['en'] }[] = [
  { name: 'no token', attempt: async () => ({ token: undefined, host }), status: 401, code: 'tokenMissing' },
  { name: 'a token that is not a JWT', attempt: async () => ({ token: 'not-a-token', host }), status: 401, code: 'tokenInvalid' },
  {
    name: 'a token signed with another secret',
    attempt: async () => ({ token: await viewerToken({ secret: 'someone-else' }), host }),
    status: 401,
    code: 'tokenInvalid',
  },
  {
    name: 'an unsigned token',
    attempt: async () => ({
      token: new UnsecuredJWT({ tenant: 'acme-robotics', course })
        .setAudience('video-service')
        .setSubject('x')
        .setExpirationTime('5m')
        .encode(),
      host,
    }),
    status: 401,
    code: 'tokenInvalid',
  },
  {
    name: 'a token signed with another algorithm',
    attempt: async () => ({
      token: await new SignJWT({ tenant: 'acme-robotics', course })
        .setProtectedHeader({ alg: 'HS512' })
        .setAudience('video-service')
        .setSubject('x')
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(testSecret)),
      host,
    }),
    status: 401,
    code: 'tokenInvalid',
  },
  {
    name: 'an expired token',
    attempt: async () => ({ token: await viewerToken({ expiresAt: now() - 5 }), host }),
    status: 401,
    code: 'tokenExpired',
  },
  {
    name: 'a token for another audience',
    attempt: async () => ({ token: await viewerToken({ audience: 'console-api' }), host }),
    status: 401,
    code: 'tokenInvalid',
  },
  {
    name: 'a token of another tenant',
    attempt: async () => ({ token: await viewerToken({ tenant: 'globex-consulting' }), host }),
    status: 403,
    code: 'wrongTenant',
  },
  {
    name: "a valid token on another tenant's address",
    attempt: async () => ({ token: await viewerToken(), host: hostOf('globex-consulting') }),
    status: 403,
    code: 'wrongTenant',
  },
  {
    name: 'a token for another course',
    attempt: async () => ({ token: await viewerToken({ course: randomUUID() }), host }),
    status: 403,
    code: 'wrongCourse',
  },
  {
    name: 'a token for no course (a tenant administrator)',
    attempt: async () => ({ token: await viewerToken({ course: null }), host }),
    status: 403,
    code: 'wrongCourse',
  },
  {
    name: 'an address without a tenant',
    attempt: async () => ({ token: await viewerToken(), host: 'localhost:3001' }),
    status: 400,
    code: 'noTenant',
  },
  {
    name: 'an IP address',
    attempt: async () => ({ token: await viewerToken(), host: '127.0.0.1:3001' }),
    status: 400,
    code: 'noTenant',
  },
];

describe.each(endpoints)('$name', (endpoint) => {
  it.each(refusals)('refuses $name', async ({ attempt, status, code }) => {
    const response = await endpoint.send(await attempt());

    expect(response.statusCode).toBe(status);
    if (endpoint.kind === 'json') {
      expect(response.json()).toEqual({ statusCode: status, error: expect.any(String), code, message: messages.en[code] });
    } else {
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(messages.en[code]);
    }
  });

  it('accepts a valid token, the tenant of the address compared case-insensitively', async () => {
    const response = await endpoint.send({ token: await viewerToken({ tenant: 'ACME-Robotics' }), host: host.toUpperCase() });

    expect(response.statusCode).toBeLessThan(300);
  });
});

describe('error pages', () => {
  it('speak Italian when asked', async () => {
    const expired = await viewerToken({ expiresAt: now() - 5 });

    const response = await testService.service.inject({
      method: 'GET',
      url: `/upload?courseId=${course}&lang=it&token=${expired}`,
      headers: { host },
    });

    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(messages.it.tokenExpired);
    expect(response.body).toContain('<html lang="it">');
  });

  it('follow Accept-Language without a lang parameter', async () => {
    const response = await testService.service.inject({
      method: 'GET',
      url: `/course/${course}/watch/${videoId}`,
      headers: { host, 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.body).toContain(messages.it.tokenMissing);
  });
});

describe('the media token of the player page', () => {
  async function mediaTokenOfPlayer() {
    const page = await testService.service.inject({
      method: 'GET',
      url: `/course/${course}/watch/${videoId}?token=${await viewerToken()}`,
      headers: { host },
    });
    const source = /<video[^>]* src="([^"]+)"/.exec(page.body)?.[1]?.replace(/&#38;/g, '&');
    return new URL(source!, `http://${host}`).searchParams.get('token')!;
  }

  it('plays its own video', async () => {
    const token = await mediaTokenOfPlayer();

    const response = await testService.service.inject({ method: 'GET', url: `/media/${videoId}?token=${token}`, headers: { host } });

    expect(response.statusCode).toBe(200);
  });

  it('opens nothing else: another video, the uploader, the upload or the player', async () => {
    const token = await mediaTokenOfPlayer();

    const otherVideo = await testService.service.inject({ method: 'GET', url: `/media/${otherVideoId}?token=${token}`, headers: { host } });
    const uploader = await testService.service.inject({
      method: 'GET',
      url: `/upload?courseId=${course}&token=${token}`,
      headers: { host },
    });
    const player = await testService.service.inject({
      method: 'GET',
      url: `/course/${course}/watch/${videoId}?token=${token}`,
      headers: { host },
    });
    const uploadResponse = await upload(testService.service, sampleMp4(), { token });

    for (const response of [otherVideo, uploader, player, uploadResponse]) expect(response.statusCode).toBe(401);
  });
});
