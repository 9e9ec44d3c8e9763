import { describe, expect, it } from 'vitest';
import { readUploaderMessage } from '../../src/machines/uploader-messages';
import { clampUploaderHeight, playerUrl, serviceOrigin, uploaderUrl } from '../../src/machines/video-links';
import { access } from '../support/fixtures/catalogue';

const origin = 'http://acme.localhost:3001';

/** A message as the window receives it, from the video service unless told otherwise. */
const message = (data: unknown, from = origin) => ({ origin: from, data });

describe('uploader messages', () => {
  it('reads the three shapes of the protocol from the service origin', () => {
    expect(readUploaderMessage(origin, { type: 'update', uuid: 'v1' }, origin)).toEqual({ type: 'uploader.update', uuid: 'v1' });
    expect(readUploaderMessage(origin, { type: 'reload' }, origin)).toEqual({ type: 'uploader.reload' });
    expect(readUploaderMessage(origin, { type: 'resize', height: 640 }, origin)).toStrictEqual({ type: 'uploader.resize', height: 640 });
    expect(readUploaderMessage(origin, { type: 'resize', height: 640, force: true }, origin)).toEqual({
      type: 'uploader.resize',
      height: 640,
      force: true,
    });
  });

  it('reads nothing without a known service origin, or from another origin', () => {
    expect(readUploaderMessage(origin, { type: 'reload' }, null)).toBeNull();
    expect(readUploaderMessage('http://localhost:3000', { type: 'reload' }, origin)).toBeNull();
    expect(readUploaderMessage('null', { type: 'reload' }, origin)).toBeNull();
  });

  it('reads a message of an object with no prototype at all', () => {
    const bare = Object.assign(Object.create(null) as object, { type: 'reload' });
    expect(readUploaderMessage(origin, bare, origin)).toEqual({ type: 'uploader.reload' });
  });

  it('reads nothing from objects with inherited or prototype tricks', () => {
    const inherited = Object.create({ type: 'reload' }) as object;
    expect(readUploaderMessage(origin, inherited, origin)).toBeNull();
    expect(readUploaderMessage(origin, JSON.parse('{"type":"update","uuid":"v1","__proto__":{"x":1}}'), origin)).toBeNull();
  });

  it.each([
    ['an update from another origin', message({ type: 'update', uuid: 'v1' }, 'http://evil.localhost:3001')],
    ['a reload from the console itself', message({ type: 'reload' }, 'http://localhost:3000')],
    ['a resize from another port', message({ type: 'resize', height: 900 }, 'http://acme.localhost:3002')],
    ['an origin that merely starts alike', message({ type: 'reload' }, 'http://acme.localhost:30011')],
    ['an unknown type', message({ type: 'delete', uuid: 'v1' })],
    ['an update without uuid', message({ type: 'update' })],
    ['an update with a numeric uuid', message({ type: 'update', uuid: 42 })],
    ['an update with an empty uuid', message({ type: 'update', uuid: '' })],
    ['an update with a blank uuid', message({ type: 'update', uuid: '  ' })],
    ['an update with extra fields', message({ type: 'update', uuid: 'v1', status: 'READY' })],
    ['a reload with extra fields', message({ type: 'reload', to: '/users' })],
    ['a resize with a text height', message({ type: 'resize', height: '900' })],
    ['a resize with no height', message({ type: 'resize' })],
    ['a resize with extra fields', message({ type: 'resize', height: 900, to: '/users' })],
    ['an unknown type with a height', message({ type: 'grow', height: 900 })],
    ['a resize with NaN', message({ type: 'resize', height: Number.NaN })],
    ['a resize with Infinity', message({ type: 'resize', height: Number.POSITIVE_INFINITY })],
    ['a resize with a non-boolean force', message({ type: 'resize', height: 900, force: 'yes' })],
    ['a text message', message('{"type":"reload"}')],
    ['null', message(null)],
    ['no data at all', message(undefined)],
    ['an array', message([{ type: 'reload' }])],
    ['a number', message(7)],
  ])('reads nothing from %s', (_, { origin: from, data }) => {
    expect(readUploaderMessage(from, data, origin)).toBeNull();
  });
});

describe('video links', () => {
  it('clamp the uploader to 300–1200 px', () => {
    expect([0, 299, 300, 640, 1200, 1201, 1e9].map(clampUploaderHeight)).toEqual([300, 300, 300, 640, 1200, 1200, 1200]);
  });

  it('build the uploader and player addresses of the video service', () => {
    expect(uploaderUrl(access, 'Forklift & safety', 'it')).toBe(
      'http://acme.localhost:3001/upload?courseId=company-1&title=Forklift%20%26%20safety&lang=it&token=video-token',
    );
    expect(playerUrl({ ...access, serviceUrl: 'http://acme.localhost:3001/' }, 'v1', 'en')).toBe(
      'http://acme.localhost:3001/course/company-1/watch/v1?token=video-token&lang=en',
    );
    expect(serviceOrigin({ ...access, serviceUrl: 'http://acme.localhost:3001/base/' })).toBe(origin);
    expect(uploaderUrl({ ...access, serviceUrl: 'http://acme.localhost:3001//' }, 'Intro', 'en')).toMatch(
      /^http:\/\/acme\.localhost:3001\/upload\?/,
    );
  });
});
