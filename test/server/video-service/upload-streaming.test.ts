import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import { course, host, sampleMp4, tenant, upload, useVideoService, viewerToken, waitFor } from '../../support/server/video-service-harness';

const mebibyte = 1024 * 1024;
const uploadBytes = 96 * mebibyte;
const testService = useVideoService({ maxBytes: 256 * mebibyte });
let port: number;

beforeAll(async () => {
  await testService.service.listen({ port: 0, host: '127.0.0.1' });
  port = (testService.service.server.address() as AddressInfo).port;
});

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;
/** Live heap and buffers, after a full collection; buffers die a moment after their objects, hence the second pass. */
async function retainedBytes() {
  collectGarbage();
  await new Promise((resolve) => setTimeout(resolve, 5));
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/**
 * The file, produced chunk by chunk so that the client side holds no more than one chunk either; at each quarter
 * sent, `measure` runs: an implementation that buffered the body would hold nearly everything sent so far.
 */
async function* videoChunks(measure: () => Promise<void>) {
  const head = sampleMp4(0);
  yield head;
  const chunk = Buffer.alloc(256 * 1024, 0x5a);
  let nextCheckpoint = uploadBytes / 4;
  for (let sent = head.length; sent < uploadBytes;) {
    const part = sent + chunk.length <= uploadBytes ? chunk : chunk.subarray(0, uploadBytes - sent);
    yield part;
    sent += part.length;
    if (sent >= nextCheckpoint) {
      await measure();
      nextCheckpoint += uploadBytes / 4;
    }
  }
}

async function streamUpload(token: string, measure: () => Promise<void>) {
  const outgoing = request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/videos?courseId=${course}`,
    headers: { host, authorization: `Bearer ${token}`, 'content-type': 'video/mp4', 'x-file-name': 'big.mp4' },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    outgoing.on('response', async (response) => {
      let body = '';
      for await (const part of response) body += part;
      resolve({ status: response.statusCode ?? 0, body });
    });
    outgoing.on('error', reject);
  });
  await pipeline(Readable.from(videoChunks(measure)), outgoing);
  return answer;
}

describe('a large upload', () => {
  it(`goes to disk without the process holding it: ${uploadBytes / mebibyte} MiB sent, memory stays flat`, async () => {
    const token = await viewerToken();
    await upload(testService.service, sampleMp4(), { token });
    const baseline = await retainedBytes();
    const samples: number[] = [];

    const response = await streamUpload(token, async () => {
      samples.push((await retainedBytes()) - baseline);
    });

    expect(response.status, response.body).toBe(201);
    const { uuid } = JSON.parse(response.body);
    expect((await stat(path.join(testService.videoDir, tenant, uuid))).size).toBe(uploadBytes);
    expect(samples).toHaveLength(4);
    expect(Math.max(...samples)).toBeLessThan(uploadBytes / 8);
  });

  it('leaves nothing behind when the client goes away halfway', async () => {
    const folder = path.join(testService.videoDir, tenant);
    const before = await readdir(folder);
    const outgoing = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/videos?courseId=${course}`,
      headers: {
        host,
        authorization: `Bearer ${await viewerToken()}`,
        'content-type': 'video/mp4',
        'content-length': String(8 * mebibyte),
      },
    });
    outgoing.on('error', () => {});
    outgoing.write(sampleMp4(mebibyte));

    await waitFor(async () => ((await readdir(folder)).some((name) => name.endsWith('.part')) ? true : undefined));
    outgoing.destroy();

    await waitFor(async () => ((await readdir(folder)).some((name) => name.endsWith('.part')) ? undefined : true));
    expect((await readdir(folder)).filter((name) => !before.includes(name) && !name.endsWith('.tmp'))).toEqual([]);
  });
});
