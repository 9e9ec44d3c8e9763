import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildVideoService, type VideoService, type VideoServiceOptions } from '../../../server/video-service/video-service';
import { uniqueName } from './test-database';

export const testSecret = 'video-service-test-secret';
export const consoleOrigin = 'http://console.test:3000';
export const tenant = 'acme-robotics';
export const course = randomUUID();
export const userId = randomUUID();
/** The owning tenant (its id) and the console session of the tokens `viewerToken` signs. */
export const owner = randomUUID();
export const sessionId = randomUUID();
export const hostOf = (videoTenant: string) => `${videoTenant}.localhost:3001`;
export const host = hostOf(tenant);

export interface TokenOverrides {
  tenant?: string;
  course?: string | null;
  audience?: string;
  expiresAt?: number;
  secret?: string;
  claims?: Record<string, unknown>;
}

/** A token as the console API issues it (server/auth/video-token.ts), with one detail changed when asked. */
export function viewerToken(overrides: TokenOverrides = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    tenant: overrides.tenant ?? tenant,
    course: overrides.course === undefined ? course : overrides.course,
    owner,
    sid: sessionId,
    ...overrides.claims,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(overrides.audience ?? 'video-service')
    .setSubject(userId)
    .setIssuedAt(now - 60)
    .setExpirationTime(overrides.expiresAt ?? now + 15 * 60)
    .sign(new TextEncoder().encode(overrides.secret ?? testSecret));
}

export interface TestVideoService {
  service: VideoService;
  videoDir: string;
}

/** A video service for the test file, storing under the run's temporary folder. */
export function useVideoService(options: Partial<VideoServiceOptions> = {}): TestVideoService {
  const context = {} as TestVideoService;
  beforeAll(async () => {
    context.videoDir = path.join(inject('testDatabase').runDir, uniqueName('videos'));
    await mkdir(context.videoDir, { recursive: true });
    context.service = await startVideoService({ videoDir: context.videoDir, ...options });
  });
  afterAll(async () => {
    await context.service?.close();
    if (context.videoDir) await rm(context.videoDir, { recursive: true, force: true });
  });
  return context;
}

/**
 * Stands in for the API's `POST /api/video-callbacks/session-status` (one per test file): every session is open but
 * those in `endedSessions`; `sessionQuestions` records what the service asked.
 */
export const endedSessions = new Set<string>();
export const sessionQuestions: Array<{ authorization: string | undefined; body: { sessionId: string; course: string | null } }> = [];
let sessionStatusStub: Promise<string> | undefined;
function sessionStatusUrl() {
  sessionStatusStub ??= (async () => {
    const server = createServer(async (request, response) => {
      let text = '';
      for await (const chunk of request) text += chunk;
      const body = JSON.parse(text) as { sessionId: string; course: string | null };
      sessionQuestions.push({ authorization: request.headers.authorization, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ active: !endedSessions.has(body.sessionId) }));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    server.unref();
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/video-callbacks/session-status`;
  })();
  return sessionStatusStub;
}

export async function startVideoService(options: Partial<VideoServiceOptions> & { videoDir: string }) {
  return buildVideoService({
    tokenSecret: testSecret,
    consoleOrigin,
    callbackUrl: 'http://127.0.0.1:9/unused',
    sessionStatusUrl: await sessionStatusUrl(),
    maxBytes: 64 * 1024 * 1024,
    callbackRetryDelaysMs: [],
    ...options,
  });
}

export function upload(
  service: VideoService,
  body: Buffer,
  options: { token: string; type?: string; headers?: Record<string, string>; query?: string },
) {
  return service.inject({
    method: 'POST',
    url: `/videos?${options.query ?? `courseId=${course}`}`,
    headers: {
      host,
      authorization: `Bearer ${options.token}`,
      'content-type': options.type ?? 'video/mp4',
      'x-file-name': 'clip.mp4',
      ...options.headers,
    },
    payload: body,
  });
}

/** Uploads and waits until the service has probed the file. */
export async function uploadProcessed(service: VideoService, videoDir: string, body: Buffer, type = 'video/mp4') {
  const response = await upload(service, body, { token: await viewerToken(), type });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  const { uuid } = response.json<{ uuid: string }>();
  const record = await waitFor(async () => {
    const current = await readRecord(videoDir, uuid);
    return current.status === 'PROCESSING' ? undefined : current;
  });
  return { uuid, record };
}

export async function readRecord(videoDir: string, uuid: string, videoTenant = tenant) {
  return JSON.parse(await readFile(path.join(videoDir, videoTenant, `${uuid}.json`), 'utf8')) as Record<string, unknown>;
}

/** Polls `probe` until it answers; the bound is for a hung service, not a speed target (a loaded machine is slow). */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A minimal MP4: an `ftyp` box, a `moov` box holding an `mvhd`, and an `mdat` of `payloadBytes` bytes. */
export function sampleMp4(payloadBytes = 4096): Buffer {
  const box = (type: string, ...parts: Buffer[]) => {
    const body = Buffer.concat(parts);
    const header = Buffer.alloc(8);
    header.writeUInt32BE(body.length + 8);
    header.write(type, 4, 'latin1');
    return Buffer.concat([header, body]);
  };
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41'));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  for (const [index, value] of [0x00010000, 0, 0, 0, 0x00010000, 0, 0, 0, 0x40000000].entries()) {
    mvhd.writeUInt32BE(value, 36 + index * 4); // unity matrix
  }
  mvhd.writeUInt32BE(1, 96); // next track id
  const payload = Buffer.alloc(payloadBytes);
  for (let index = 0; index < payloadBytes; index += 1) payload[index] = (index * 31 + 7) % 256;
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), box('mdat', payload)]);
}

/** A minimal WebM: the EBML header (DocType `webm`) and a Segment of unknown size. */
export function sampleWebm(payloadBytes = 1024): Buffer {
  const ebmlHeader = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42,
    0x82, 0x84, 0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
  ]);
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([ebmlHeader, segment, Buffer.alloc(payloadBytes, 0xec)]);
}

export interface ReceivedCallback {
  authorization: string | undefined;
  body: { externalUuid: string; status: string };
}

/** Stands in for the console API's callback route: records each call and answers `statusFor(call)`. */
export async function startCallbackReceiver(statusFor: (call: ReceivedCallback) => number = () => 204) {
  const calls: ReceivedCallback[] = [];
  const server: Server = createServer(async (request: IncomingMessage, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const call = { authorization: request.headers.authorization, body: JSON.parse(text) };
    calls.push(call);
    response.writeHead(statusFor(call)).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    calls,
    url: `http://127.0.0.1:${port}/api/video-callbacks/processed`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Byte equality without a slow element-wise diff of large buffers. */
export function expectSameBytes(actual: Buffer, expected: Buffer) {
  expect(actual.length).toBe(expected.length);
  expect(Buffer.compare(actual, expected), 'bytes differ').toBe(0);
}
