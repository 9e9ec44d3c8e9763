import { describe, expect, it } from 'vitest';
import { consoleOrigin, course, host, useVideoService, viewerToken } from '../../support/server/video-service-harness';

const testService = useVideoService({ maxBytes: 2 * 1024 ** 3 });

async function openUploader(query: Record<string, string>) {
  const search = new URLSearchParams({ courseId: course, token: await viewerToken(), ...query });
  return testService.service.inject({ method: 'GET', url: `/upload?${search}`, headers: { host } });
}

const policyOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

const frameConfigOf = (html: string) => JSON.parse(/<script type="application\/json" id="frame-config">(.*?)<\/script>/s.exec(html)![1]!);

describe('GET /upload', () => {
  it('shows the title (to screen readers), a file picker, an upload button, a progress bar, and no exit of its own', async () => {
    const response = await openUploader({ title: 'Workshop safety walkthrough', lang: 'en' });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Workshop safety walkthrough</h1>');
    expect(response.body).toMatch(/<input id="file" name="file" type="file" accept="video\/\*[^"]*" aria-describedby="file-name">/);
    expect(response.body).toContain('<label for="file">Choose a video file</label>');
    expect(response.body).toContain('<span id="file-name">No file chosen</span>');
    expect(response.body).toContain('<button id="upload" type="submit" disabled>Upload</button>');
    expect(response.body).toContain('<progress id="progress" max="1" value="0" hidden></progress>');
    expect(response.body).not.toContain('id="back"');
  });

  it('looks like the console: its typeface, the native file control and the heading out of sight', async () => {
    const response = await openUploader({ title: 'Clip', lang: 'en' });

    expect(response.body).toMatch(/body \{[^}]*font: 400 1rem\/1\.5 Roboto, Helvetica, Arial, sans-serif/);
    expect(response.body).toMatch(/\.picker input \{[^}]*opacity: 0/);
    expect(response.body).toMatch(/h1 \{[^}]*clip-path: inset\(50%\)/);
  });

  it('posts its messages to the configured console origin only, never to "*"', async () => {
    const response = await openUploader({ title: 'Clip' });

    expect(frameConfigOf(response.body).consoleOrigin).toBe(consoleOrigin);
    const calls = response.body.match(/postMessage\([^)]*\)/g);
    expect(calls).toEqual(['postMessage(message, config.consoleOrigin)']);
    expect(response.body).toContain("{ type: 'resize', height, force: true }");
    expect(response.body).toContain("post({ type: 'update', uuid: JSON.parse(request.responseText).uuid })");
    expect(response.body).not.toMatch(/['"`]\*['"`]/);
  });

  it('is framed by the console only, under a strict policy with a per-response nonce', async () => {
    const first = await openUploader({ title: 'Clip' });
    const second = await openUploader({ title: 'Clip' });

    const policy = policyOf(first.headers['content-security-policy']);
    expect(policy).toMatchObject({
      'default-src': "'none'",
      'script-src': expect.stringMatching(/^'nonce-[A-Za-z0-9+/=]{24}'$/),
      'style-src': policy['script-src'],
      'connect-src': "'self'",
      'frame-ancestors': consoleOrigin,
      'base-uri': "'none'",
      'form-action': "'none'",
    });
    const nonce = /'nonce-([^']+)'/.exec(policy['script-src']!)![1];
    expect(first.body).toContain(`<script nonce="${nonce}">`);
    expect(first.body).toContain(`<style nonce="${nonce}">`);
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(first.body).not.toMatch(/\son[a-z]+=/i);
  });

  it('gives the script the upload URL, the token and the size limit', async () => {
    const token = await viewerToken();
    const response = await testService.service.inject({
      method: 'GET',
      url: `/upload?${new URLSearchParams({ courseId: course, title: 'Safety & you', token })}`,
      headers: { host },
    });

    expect(frameConfigOf(response.body).upload).toMatchObject({
      url: `/videos?courseId=${course}&title=Safety+%26+you`,
      token,
      maxBytes: 2 * 1024 ** 3,
    });
  });

  it.each([
    [
      'en',
      'Choose the video file of this content and upload it.',
      'Upload',
      'Choose a video file',
      'The file is too large: the limit is 2 GB.',
    ],
    [
      'it',
      'Scegli il file video di questo contenuto e caricalo.',
      'Carica',
      'Scegli un file video',
      'Il file è troppo grande: il limite è 2 GB.',
    ],
  ])('speaks %s', async (lang, intro, uploadLabel, choose, tooLarge) => {
    const response = await openUploader({ title: 'Clip', lang });

    expect(response.body).toContain(`<html lang="${lang}">`);
    expect(response.body).toContain(intro);
    expect(response.body).toContain(`>${uploadLabel}</button>`);
    expect(response.body).toContain(`>${choose}</label>`);
    expect(frameConfigOf(response.body).upload.text.tooLarge).toBe(tooLarge);
  });

  it('falls back to a generic heading without a title', async () => {
    const response = await openUploader({ lang: 'it' });

    expect(response.body).toContain('<h1>Carica un video</h1>');
  });

  it('cannot be broken out of by the title', async () => {
    const response = await openUploader({ title: '</script><script>alert(1)</script><b>"x"</b>' });

    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).toContain(
      '<h1>&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;&#60;b&#62;&#34;x&#34;&#60;/b&#62;</h1>',
    );
    expect(frameConfigOf(response.body).upload.url).toContain('title=%3C%2Fscript%3E');
  });

  it('says why on its error page, with no exit of its own either', async () => {
    const response = await testService.service.inject({ method: 'GET', url: `/upload?courseId=${course}`, headers: { host } });

    expect(response.statusCode).toBe(401);
    expect(response.body).not.toContain('id="back"');
    expect(frameConfigOf(response.body)).toEqual({ consoleOrigin });
    expect(policyOf(response.headers['content-security-policy'])['frame-ancestors']).toBe(consoleOrigin);
  });
});
