import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../../server/config';

describe('the video service settings of readServerConfig', () => {
  it('default to port 3001, a 2 GiB limit, and addresses derived from the bound ports', () => {
    expect(readServerConfig({}).video).toEqual({
      port: 3001,
      serviceUrl: undefined,
      consoleOrigin: undefined,
      callbackUrl: undefined,
      maxBytes: 2 * 1024 ** 3,
      processingTimeoutMs: 60 * 60_000,
    });
  });

  it('pick a free port when the API does (PORT=0), unless VIDEO_PORT says otherwise', () => {
    expect(readServerConfig({ PORT: '0' }).video.port).toBe(0);
    expect(readServerConfig({ PORT: '0', VIDEO_PORT: '4001' }).video.port).toBe(4001);
  });

  it('read every variable', () => {
    const { video } = readServerConfig({
      VIDEO_PORT: '4001',
      VIDEO_SERVICE_URL: 'https://{tenant}.videos.example.com/',
      CONSOLE_ORIGIN: 'https://console.example.com/',
      VIDEO_CALLBACK_URL: 'http://api.internal:3000/api/video-callbacks/processed',
      VIDEO_MAX_BYTES: '1048576',
      VIDEO_PROCESSING_TIMEOUT_MINUTES: '240',
    });

    expect(video).toEqual({
      port: 4001,
      serviceUrl: 'https://{tenant}.videos.example.com',
      consoleOrigin: 'https://console.example.com',
      callbackUrl: 'http://api.internal:3000/api/video-callbacks/processed',
      maxBytes: 1048576,
      processingTimeoutMs: 240 * 60_000,
    });
  });

  it.each([
    [{ CONSOLE_ORIGIN: 'localhost:3000' }, /CONSOLE_ORIGIN/],
    [{ CONSOLE_ORIGIN: 'not a url' }, /CONSOLE_ORIGIN/],
    [{ VIDEO_SERVICE_URL: 'http://videos.example.com' }, /VIDEO_SERVICE_URL must contain \{tenant\}/],
    [{ VIDEO_MAX_BYTES: '0' }, /VIDEO_MAX_BYTES/],
    [{ VIDEO_PORT: 'abc' }, /VIDEO_PORT/],
    [{ VIDEO_PROCESSING_TIMEOUT_MINUTES: '0' }, /VIDEO_PROCESSING_TIMEOUT_MINUTES/],
    [{ VIDEO_PROCESSING_TIMEOUT_MINUTES: '1.5' }, /VIDEO_PROCESSING_TIMEOUT_MINUTES/],
  ])('refuse %j', (env, message) => {
    expect(() => readServerConfig(env)).toThrow(message);
  });
});
