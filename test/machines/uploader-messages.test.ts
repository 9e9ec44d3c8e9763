import { describe, expect, it } from 'vitest';
import { readUploaderMessage } from '../../src/machines/uploader-messages';
import { clampUploaderHeight, playerUrl, serviceOrigin, uploaderUrl } from '../../src/machines/video-links';
import { access } from './catalogue-fixtures';

const origin = 'http://acme.localhost:3001';

describe('uploader messages', () => {
  it('reads the three shapes of the protocol from the service origin', () => {
    expect(readUploaderMessage(origin, { type: 'update', uuid: 'v1' }, origin)).toEqual({ type: 'update', uuid: 'v1' });
    expect(readUploaderMessage(origin, { type: 'reload' }, origin)).toEqual({ type: 'reload' });
    expect(readUploaderMessage(origin, { type: 'resize', height: 640 }, origin)).toEqual({ type: 'resize', height: 640 });
    expect(readUploaderMessage(origin, { type: 'resize', height: 640, force: true }, origin)).toEqual({ type: 'resize', height: 640, force: true });
  });

  it('reads nothing without a known service origin, or from another origin', () => {
    expect(readUploaderMessage(origin, { type: 'reload' }, null)).toBeNull();
    expect(readUploaderMessage('http://localhost:3000', { type: 'reload' }, origin)).toBeNull();
    expect(readUploaderMessage('null', { type: 'reload' }, origin)).toBeNull();
  });

  it('reads nothing from objects with inherited or prototype tricks', () => {
    const inherited = Object.create({ type: 'reload' }) as object;
    expect(readUploaderMessage(origin, inherited, origin)).toBeNull();
    expect(readUploaderMessage(origin, JSON.parse('{"type":"update","uuid":"v1","__proto__":{"x":1}}'), origin)).toBeNull();
  });
});

describe('video links', () => {
  it('clamp the uploader to 300–1200 px', () => {
    expect([0, 299, 300, 640, 1200, 1201, 1e9].map(clampUploaderHeight)).toEqual([300, 300, 300, 640, 1200, 1200, 1200]);
  });

  it('build the uploader and player addresses of spec §7', () => {
    expect(uploaderUrl(access, 'Forklift & safety', 'it')).toBe(
      'http://acme.localhost:3001/upload?courseId=company-1&title=Forklift%20%26%20safety&lang=it&token=video-token',
    );
    expect(playerUrl({ ...access, serviceUrl: 'http://acme.localhost:3001/' }, 'v1', 'en')).toBe(
      'http://acme.localhost:3001/course/company-1/watch/v1?token=video-token&lang=en',
    );
    expect(serviceOrigin({ ...access, serviceUrl: 'http://acme.localhost:3001/base/' })).toBe(origin);
  });
});
