import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { useTestApp } from '../../support/server/harness';
import { useVideoService } from '../../support/server/video-service-harness';

const testApp = useTestApp();
/** Node keeps the option on the server, untyped. */
const checkingInterval = (server: object) => (server as { connectionsCheckingInterval?: number }).connectionsCheckingInterval;
const videoService = useVideoService();

/**
 * A client that opens a request and sends its headers one byte at a time (a slowloris): until when does the server
 * keep its socket? Answers what the server sent and whether it closed the socket before `giveUpMs`.
 */
async function slowHeaders(port: number, giveUpMs: number) {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<boolean>((resolve) => socket.once('close', () => resolve(true)));
  socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
  const drip = setInterval(() => {
    if (!socket.destroyed) socket.write('a');
  }, 200);
  const cut = await Promise.race([closed, new Promise<boolean>((resolve) => setTimeout(() => resolve(false), giveUpMs))]);
  clearInterval(drip);
  socket.destroy();
  return { cut, received };
}

describe('a client sending its headers slowly', () => {
  let app: App;
  let port: number;

  beforeAll(async () => {
    // The request timeout lowered to 2 s, so the test waits seconds, not the 30 s of the default.
    app = await buildApp({ db: testApp.db, requestTimeoutMs: 2_000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    port = (app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('is answered 408 and cut at the request timeout, not held for the 60 s of Node’s header timeout', async () => {
    // Far above the 2 s timeout and its 1 s check, far below Node's 60 s default: a loaded machine still fits.
    const { cut, received } = await slowHeaders(port, 20_000);

    expect(cut).toBe(true);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
  }, 30_000);

  it('gives the headers the request timeout, 30 s by default, checked every second', async () => {
    const defaults = testApp.app.server;

    expect(defaults.requestTimeout).toBe(30_000);
    expect(defaults.headersTimeout).toBe(30_000);
    expect(checkingInterval(defaults)).toBe(1_000);
    expect(app.server.headersTimeout).toBe(2_000);
  });

  it('gives the video service’s headers 30 s too (its uploads themselves may take longer)', () => {
    const { server } = videoService.service;

    expect(server.headersTimeout).toBe(30_000);
    expect(checkingInterval(server)).toBe(1_000);
    expect(server.requestTimeout).toBe(0);
  });
});
