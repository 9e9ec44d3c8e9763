import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consoleOrigin,
  course,
  host,
  sampleMp4,
  upload,
  uploadProcessed,
  useVideoService,
  viewerToken,
} from '../../support/server/video-service-harness';

const testService = useVideoService();
let uuid: string;
let token: string;

beforeAll(async () => {
  ({ uuid } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4(2000)));
  token = await viewerToken();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  testService.service.inject({ method: 'GET', url, headers: { host, ...headers } });

/** Every answer: frameable by the console only (never DENY: the console is another origin), nosniff, no referrer. */
function expectVideoServiceHeaders(response: LightMyRequestResponse, what: string) {
  const policy = String(response.headers['content-security-policy'] ?? '');
  expect(policy, what).toMatch(new RegExp(`frame-ancestors ${consoleOrigin}(;|$)`));
  expect(policy, what).toContain("base-uri 'none'");
  expect(response.headers['x-frame-options'], what).toBeUndefined();
  expect(response.headers['x-content-type-options'], what).toBe('nosniff');
  expect(response.headers['referrer-policy'], what).toBe('no-referrer');
  expect(response.headers['strict-transport-security'], what).toBeUndefined();
}

describe('headers of the video service', () => {
  it('are on its pages, which keep their own script policy', async () => {
    const uploader = await get(`/upload?courseId=${course}&title=Clip&lang=en&token=${token}`);
    const player = await get(`/course/${course}/watch/${uuid}?token=${token}`);
    const refused = await get(`/upload?courseId=${course}&title=Clip&lang=en&token=nope`);

    expect([uploader.statusCode, player.statusCode, refused.statusCode]).toEqual([200, 200, 401]);
    for (const [what, page] of [
      ['uploader', uploader],
      ['player', player],
      ['refused page', refused],
    ] as const) {
      expectVideoServiceHeaders(page, what);
      expect(page.headers['content-security-policy'], what).toMatch(/style-src 'nonce-/);
    }
    expect(uploader.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
  });

  it('are on its media, JSON answers and 404s, with nothing loadable', async () => {
    const media = await get(`/media/${uuid}?token=${token}`);
    const range = await get(`/media/${uuid}?token=${token}`, { range: 'bytes=0-99' });
    const refusedUpload = await upload(testService.service, sampleMp4(10), { token: 'nope' });
    const missing = await get('/nowhere');

    expect([media.statusCode, range.statusCode, refusedUpload.statusCode, missing.statusCode]).toEqual([200, 206, 401, 404]);
    for (const [what, answer] of [
      ['media', media],
      ['range', range],
      ['upload', refusedUpload],
      ['404', missing],
    ] as const) {
      expectVideoServiceHeaders(answer, what);
      expect(answer.headers['content-security-policy'], what).toContain("default-src 'none'");
    }
  });
});
