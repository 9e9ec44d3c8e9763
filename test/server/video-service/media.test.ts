import { beforeAll, describe, expect, it } from 'vitest';
import {
  expectSameBytes,
  host,
  sampleMp4,
  sampleWebm,
  uploadProcessed,
  useVideoService,
  viewerToken,
} from '../../support/server/video-service-harness';

const testService = useVideoService();
const video = sampleMp4(10_000);
const size = video.length;
let uuid: string;
let token: string;

beforeAll(async () => {
  ({ uuid } = await uploadProcessed(testService.service, testService.videoDir, video));
  token = await viewerToken();
});

const getMedia = (range?: string, method: 'GET' | 'HEAD' = 'GET') =>
  testService.service.inject({
    method,
    url: `/media/${uuid}?token=${token}`,
    headers: { host, ...(range === undefined ? {} : { range }) },
  });

describe('GET /media/{lectureId}', () => {
  it('serves the whole file with its type, length and Accept-Ranges', async () => {
    const response = await getMedia();

    expect(response.statusCode).toBe(200);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': String(size),
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    });
    expect(response.headers['content-range']).toBeUndefined();
    expectSameBytes(response.rawPayload, video);
  });

  it.each([
    ['the first bytes', 'bytes=0-99', 0, 99],
    ['a middle slice', 'bytes=1000-1999', 1000, 1999],
    ['a suffix', 'bytes=-100', size - 100, size - 1],
    ['a suffix longer than the file', `bytes=-${size + 50}`, 0, size - 1],
    ['an open-ended range', 'bytes=100-', 100, size - 1],
    ['a range ending past the end', `bytes=${size - 10}-${size + 1000}`, size - 10, size - 1],
    ['the last byte', `bytes=${size - 1}-${size - 1}`, size - 1, size - 1],
  ])('answers 206 with %s', async (_name, range, start, end) => {
    const response = await getMedia(range);

    expect(response.statusCode).toBe(206);
    expect(response.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-range': `bytes ${start}-${end}/${size}`,
      'content-length': String(end - start + 1),
      'accept-ranges': 'bytes',
    });
    expectSameBytes(response.rawPayload, video.subarray(start, end + 1));
  });

  it.each([`bytes=${size}-`, `bytes=${size + 100}-${size + 200}`, 'bytes=-0'])(
    'answers 416 with the size for the unsatisfiable range %s',
    async (range) => {
      const response = await getMedia(range);

      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toMatchObject({ statusCode: 416, code: 'rangeNotSatisfiable' });
    },
  );

  it.each(['bytes=5-2', 'items=0-10', 'bytes=0-1,5-6', 'bytes=abc'])(
    'ignores the unusable range %s and sends everything',
    async (range) => {
      const response = await getMedia(range);

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(size));
    },
  );

  it('answers HEAD with the headers only', async () => {
    const response = await getMedia('bytes=0-9', 'HEAD');

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 0-9/${size}`);
    expect(response.rawPayload.length).toBe(0);
  });

  it('takes the content type from the upload', async () => {
    const webm = sampleWebm();
    const { uuid: webmId } = await uploadProcessed(testService.service, testService.videoDir, webm, 'video/webm');

    const response = await testService.service.inject({
      method: 'GET',
      url: `/media/${webmId}?token=${token}`,
      headers: { host, range: 'bytes=0-3' },
    });

    expect(response.statusCode).toBe(206);
    expect(response.headers['content-type']).toBe('video/webm');
    expectSameBytes(response.rawPayload, Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '..%2F..%2Fetc%2Fpasswd']) {
      const response = await testService.service.inject({ method: 'GET', url: `/media/${id}?token=${token}`, headers: { host } });

      expect(response.statusCode, id).toBe(404);
    }
  });
});
