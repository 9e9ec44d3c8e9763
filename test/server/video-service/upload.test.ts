import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  consoleOrigin,
  course,
  expectSameBytes,
  host,
  owner,
  readRecord,
  sampleMp4,
  sampleWebm,
  startCallbackReceiver,
  startVideoService,
  tenant,
  upload,
  uploadProcessed,
  useVideoService,
  userId,
  viewerToken,
  waitFor,
} from '../../support/server/video-service-harness';

const receiver = await startCallbackReceiver();
afterAll(() => receiver.close());
const testService = useVideoService({ callbackUrl: receiver.url });

const mediaOf = (uuid: string, token: string) =>
  testService.service.inject({ method: 'GET', url: `/media/${uuid}?token=${token}`, headers: { host } });

describe('POST /videos', () => {
  it('stores a real MP4 byte-exact, answers 201 with its id, probes it to READY and reports it', async () => {
    const video = sampleMp4();
    const before = Date.now();

    const response = await upload(testService.service, video, {
      token: await viewerToken(),
      headers: { 'x-file-name': encodeURIComponent('Sicurezza in officina – parte 1.mp4') },
      query: `courseId=${course}&title=${encodeURIComponent('Workshop safety')}`,
    });

    expect(response.statusCode).toBe(201);
    const { uuid } = response.json();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expectSameBytes(await readFile(path.join(testService.videoDir, tenant, uuid)), video);
    const call = await waitFor(async () => receiver.calls.find((candidate) => candidate.body.externalUuid === uuid));
    expect(call.body).toEqual({ externalUuid: uuid, status: 'READY' });
    const record = await waitFor(async () => {
      const current = await readRecord(testService.videoDir, uuid);
      return current.reportedAt ? current : undefined;
    });
    expect(record).toEqual({
      id: uuid,
      tenant,
      course,
      owner,
      title: 'Workshop safety',
      originalName: 'Sicurezza in officina – parte 1.mp4',
      size: video.length,
      type: 'video/mp4',
      status: 'READY',
      createdAt: expect.any(String),
      uploadedBy: userId,
      reportedAt: expect.any(String),
    });
    expect(Date.parse(record.createdAt as string)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('serves the uploaded file back byte-exact with its type', async () => {
    const video = sampleWebm(50_000);
    const { uuid, record } = await uploadProcessed(testService.service, testService.videoDir, video, 'video/webm');

    const response = await mediaOf(uuid, await viewerToken());

    expect(record.status).toBe('READY');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/webm');
    expectSameBytes(response.rawPayload, video);
  });

  it('accepts a chunked upload without Content-Length', async () => {
    const video = sampleMp4(200_000);
    const chunks = Array.from({ length: Math.ceil(video.length / 16_384) }, (_, index) =>
      video.subarray(index * 16_384, (index + 1) * 16_384),
    );

    const response = await upload(testService.service, Readable.from(chunks) as unknown as Buffer, {
      token: await viewerToken(),
      headers: { 'transfer-encoding': 'chunked' },
    });

    expect(response.statusCode).toBe(201);
    expectSameBytes(await readFile(path.join(testService.videoDir, tenant, response.json().uuid)), video);
  });

  it('marks a fake .mp4 of garbage bytes FAILED and reports FAILED', async () => {
    const garbage = Buffer.from('This is not a video at all, just text pretending to be one.'.repeat(50));

    const { uuid, record } = await uploadProcessed(testService.service, testService.videoDir, garbage);

    expect(record.status).toBe('FAILED');
    const call = await waitFor(async () => receiver.calls.find((candidate) => candidate.body.externalUuid === uuid));
    expect(call.body.status).toBe('FAILED');
    expect((await mediaOf(uuid, await viewerToken())).statusCode).toBe(409);
  });

  it('refuses a type that is not video/* with 415 and a JSON error, storing nothing', async () => {
    const stored = await storedFiles();
    for (const type of ['text/plain', 'application/octet-stream', 'image/png', 'application/json']) {
      const response = await upload(testService.service, sampleMp4(), { token: await viewerToken(), type });

      expect(response.statusCode, type).toBe(415);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 415,
        error: 'Unsupported Media Type',
        code: 'unsupportedType',
        message: 'This file is not a supported video. Choose an MP4, WebM, Ogg, QuickTime or Matroska file.',
      });
    }
    expect(await storedFiles()).toEqual(stored);
  });

  it('refuses a request without a body with 400', async () => {
    const response = await testService.service.inject({
      method: 'POST',
      url: `/videos?courseId=${course}`,
      headers: { host, authorization: `Bearer ${await viewerToken()}`, 'content-type': 'video/mp4' },
    });

    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('emptyFile');
  });

  async function storedFiles() {
    return (await readdir(path.join(testService.videoDir, tenant)).catch(() => [])).sort();
  }
});

describe('the size limit', () => {
  const limited = useVideoService({ maxBytes: 10_000 });

  const filesOf = async () => readdir(path.join(limited.videoDir, tenant)).catch(() => []);

  it('refuses a declared Content-Length over the limit before reading the body', async () => {
    const response = await upload(limited.service, sampleMp4(20_000), { token: await viewerToken() });

    expect(response.statusCode).toBe(413);
    expect(response.headers.connection).toBe('close');
    expect(response.json()).toMatchObject({ code: 'tooLarge', message: 'The file is too large: the limit is 9.8 KB.' });
    expect(await filesOf()).toEqual([]);
  });

  it('stops a chunked upload that passes the limit and removes the partial file', async () => {
    const chunks = Array.from({ length: 10 }, () => Buffer.alloc(4096, 1));

    const response = await upload(limited.service, Readable.from(chunks) as unknown as Buffer, {
      token: await viewerToken(),
      headers: { 'transfer-encoding': 'chunked' },
    });

    expect(response.statusCode).toBe(413);
    expect(await filesOf()).toEqual([]);
  });

  it('accepts a file of exactly the limit', async () => {
    const video = Buffer.concat([sampleMp4(0), Buffer.alloc(10_000 - sampleMp4(0).length, 2)]);

    const response = await upload(limited.service, video, { token: await viewerToken() });

    expect(response.statusCode).toBe(201);
  });
});

describe('cross-origin requests', () => {
  const ownOrigin = `http://${host}`;

  it('answers the preflight of the uploader page origin', async () => {
    const response = await testService.service.inject({
      method: 'OPTIONS',
      url: '/videos',
      headers: {
        host,
        origin: ownOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,x-file-name',
      },
    });

    expect(response.statusCode).toBe(204);
    expect(response.headers).toMatchObject({
      'access-control-allow-origin': ownOrigin,
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'authorization, content-type, x-file-name',
      vary: 'origin',
    });
  });

  it('refuses the preflight and the upload of any other origin, the console included', async () => {
    for (const origin of [consoleOrigin, 'http://globex-consulting.localhost:3001', 'https://evil.example']) {
      const preflight = await testService.service.inject({
        method: 'OPTIONS',
        url: '/videos',
        headers: { host, origin, 'access-control-request-method': 'POST' },
      });
      const post = await upload(testService.service, sampleMp4(), { token: await viewerToken(), headers: { origin } });

      expect(preflight.statusCode, origin).toBe(403);
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(post.statusCode, origin).toBe(403);
      expect(post.json().code).toBe('crossOrigin');
    }
  });

  it('answers a same-origin upload with the origin allowed', async () => {
    const response = await upload(testService.service, sampleMp4(), { token: await viewerToken(), headers: { origin: ownOrigin } });

    expect(response.statusCode).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBe(ownOrigin);
  });
});

describe('after a restart', () => {
  let receiverAfterRestart: Awaited<ReturnType<typeof startCallbackReceiver>>;
  beforeAll(async () => {
    receiverAfterRestart = await startCallbackReceiver();
  });
  afterAll(() => receiverAfterRestart.close());

  it('probes the uploads a stop interrupted, reports the statuses never acknowledged, and drops partial files', async () => {
    const folder = path.join(testService.videoDir, tenant);
    const records = async () => (await readdir(folder)).filter((name) => name.endsWith('.json'));
    await waitFor(async () => {
      for (const name of await records()) {
        if (!(await readRecord(testService.videoDir, name.slice(0, -5))).reportedAt) return undefined;
      }
      return true;
    });
    const unreachable = await startVideoService({ videoDir: testService.videoDir, callbackUrl: 'http://127.0.0.1:9/closed' });
    const { uuid: unreported } = await uploadProcessed(unreachable, testService.videoDir, sampleMp4());
    await unreachable.close();
    const unprobed = randomUUID();
    await writeFile(path.join(folder, unprobed), sampleWebm());
    await writeFile(
      path.join(folder, `${unprobed}.json`),
      JSON.stringify({ ...(await readRecord(testService.videoDir, unreported)), id: unprobed, status: 'PROCESSING', reportedAt: null }),
    );
    await writeFile(path.join(folder, `${randomUUID()}.part`), 'interrupted upload');
    const acknowledged = receiver.calls.map((call) => call.body.externalUuid);

    const restarted = await startVideoService({ videoDir: testService.videoDir, callbackUrl: receiverAfterRestart.url });
    try {
      await waitFor(async () => (receiverAfterRestart.calls.length >= 2 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 100));

      expect(receiverAfterRestart.calls.map((call) => call.body).sort((a, b) => a.externalUuid.localeCompare(b.externalUuid))).toEqual(
        [
          { externalUuid: unreported, status: 'READY' },
          { externalUuid: unprobed, status: 'READY' },
        ].sort((a, b) => a.externalUuid.localeCompare(b.externalUuid)),
      );
      expect(acknowledged).not.toContain(unreported);
      expect((await readdir(folder)).filter((name) => name.endsWith('.part'))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });
});
