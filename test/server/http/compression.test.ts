import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import { bearer, demo, signIn, useTestApp } from '../../support/server/harness';

const testApp = useTestApp();

const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, index) => `word-${index}`))};\n`;
const page = `<!doctype html><title>console</title><script type="module" src="/assets/app-1234.js"></script>${' '.repeat(400)}`;

/** A built console as the build leaves it: each text file with a brotli and a gzip copy beside it. */
async function writeBuiltConsole(dir: string) {
  const files = { 'index.html': page, 'assets/app-1234.js': script, 'assets/tiny-5678.js': 'export{};' };
  await mkdir(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(files)) {
    await writeFile(path.join(dir, name), text);
    // The copies differ from what compressing on the fly would give: a marker proves which was sent.
    if (name.includes('tiny')) continue;
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(`${text}/*br*/`));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(`${text}/*gz*/`));
  }
}

const varyNames = (header: string | string[] | number | undefined) =>
  String(header ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());

describe('the console files, compressed at build time', () => {
  let staticDir: string;
  let app: App;

  beforeAll(async () => {
    staticDir = await mkdtemp(path.join(tmpdir(), 'console-compressed-'));
    await writeBuiltConsole(staticDir);
    app = await buildApp({ db: testApp.db, staticDir });
  });
  afterAll(async () => {
    await app.close();
    await rm(staticDir, { recursive: true, force: true });
  });

  it('sends the brotli copy to a browser that accepts it, cached for good', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(varyNames(response.headers.vary)).toContain('accept-encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${script}/*br*/`);
  });

  it('sends the gzip copy when brotli is not accepted', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers: { 'accept-encoding': 'gzip' } });

    expect(response.headers['content-encoding']).toBe('gzip');
    expect(varyNames(response.headers.vary)).toContain('accept-encoding');
    expect(gunzipSync(response.rawPayload).toString()).toBe(`${script}/*gz*/`);
  });

  it('sends the file as it is to a client that accepts no encoding, still saying it varies', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }]) {
      const response = await app.inject({ method: 'GET', url: '/assets/app-1234.js', headers });

      expect(response.headers['content-encoding']).toBeUndefined();
      expect(varyNames(response.headers.vary)).toContain('accept-encoding');
      expect(response.body).toBe(script);
    }
  });

  it('sends a file the build did not compress as it is, never compressing it per request', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/tiny-5678.js', headers: { 'accept-encoding': 'br, gzip' } });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('export{};');
  });

  it('sends the page compressed and never cached without revalidation, at the root and at a console route', async () => {
    for (const url of ['/', '/companies?page=2']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' } });

      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(varyNames(response.headers.vary)).toContain('accept-encoding');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(`${page}/*br*/`);
    }
  });
});

describe('API answers', () => {
  it('are compressed from 1 KiB on, with the encoding the client prefers', async () => {
    const { token } = await signIn(testApp.app, demo.root);
    const list = { method: 'GET' as const, url: '/api/users?pageSize=50' };
    const plain = await testApp.app.inject({ ...list, headers: bearer(token) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);

    const brotli = await testApp.app.inject({ ...list, headers: { ...bearer(token), 'accept-encoding': 'gzip, br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varyNames(brotli.headers.vary)).toContain('accept-encoding');
    expect(brotli.rawPayload.byteLength).toBeLessThan(Buffer.byteLength(plain.body));
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());

    const gzip = await testApp.app.inject({ ...list, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('below 1 KiB go out as they are', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });

    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('take no compressed request bodies: a gzip body is refused, not inflated', async () => {
    const body = gzipSync(JSON.stringify({ email: demo.root, password: demo.password }));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400 });
  });
});
