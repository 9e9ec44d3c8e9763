import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  consoleOrigin,
  course,
  host,
  readRecord,
  sampleMp4,
  tenant,
  upload,
  uploadProcessed,
  useVideoService,
  viewerToken,
  waitFor,
} from '../../support/server/video-service-harness';

const testService = useVideoService();
let token: string;

beforeAll(async () => {
  token = await viewerToken();
});

const openPlayer = (lectureId: string, query = '', courseId = course) =>
  testService.service.inject({ method: 'GET', url: `/course/${courseId}/watch/${lectureId}?token=${token}${query}`, headers: { host } });

const policyOf = (header: unknown) =>
  Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values.join(' ')]),
  );

describe('GET /course/{courseId}/watch/{lectureId}', () => {
  it('shows a READY video in a <video controls> whose source is its media URL', async () => {
    const { uuid } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4());

    const response = await openPlayer(uuid);

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const source = /<video controls[^>]* src="\/media\/([0-9a-f-]+)\?token=([^"]+)"/.exec(response.body);
    expect(source?.[1]).toBe(uuid);
    const media = await testService.service.inject({ method: 'GET', url: `/media/${uuid}?token=${source![2]}`, headers: { host } });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
  });

  it('may be framed by the console only, runs no script and loads nothing from elsewhere', async () => {
    const { uuid } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4());

    const response = await openPlayer(uuid);

    expect(policyOf(response.headers['content-security-policy'])).toMatchObject({
      'default-src': "'none'",
      'script-src': "'none'",
      'media-src': "'self'",
      'frame-ancestors': consoleOrigin,
    });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.body).not.toMatch(/(src|href)="(https?:)?\/\//);
  });

  it("says 'Video being processed' while the video is PROCESSING, and reloads itself", async () => {
    const { uuid, record } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4());
    await writeFile(path.join(testService.videoDir, tenant, `${uuid}.json`), JSON.stringify({ ...record, status: 'PROCESSING' }));

    const english = await openPlayer(uuid);
    const italian = await openPlayer(uuid, '&lang=it');

    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Video being processed');
    expect(english.body).toContain('<meta http-equiv="refresh" content="10">');
    expect(english.body).not.toContain('<video');
    expect(italian.body).toContain('Video in elaborazione');
  });

  it('shows an error for a FAILED video', async () => {
    const { uuid } = await uploadProcessed(testService.service, testService.videoDir, Buffer.from('garbage, not a video'));

    const response = await openPlayer(uuid);

    expect((await readRecord(testService.videoDir, uuid)).status).toBe('FAILED');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('This video could not be processed. Upload it again.');
    expect(response.body).not.toContain('<video');
  });

  it('answers 404 for an unknown lecture, and for a lecture of another course', async () => {
    const { uuid } = await uploadProcessed(testService.service, testService.videoDir, sampleMp4());
    const otherCourse = randomUUID();
    const otherCourseToken = await viewerToken({ course: otherCourse });

    const unknown = await openPlayer(randomUUID());
    const otherCourseResponse = await testService.service.inject({
      method: 'GET',
      url: `/course/${otherCourse}/watch/${uuid}?token=${otherCourseToken}`,
      headers: { host },
    });
    const media = await testService.service.inject({ method: 'GET', url: `/media/${uuid}?token=${otherCourseToken}`, headers: { host } });

    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Video not found.');
    expect(otherCourseResponse.statusCode).toBe(404);
    expect(media.statusCode).toBe(403);
  });

  it('escapes the title', async () => {
    const response = await uploadProcessedWithTitle('<script>alert(1)</script>');

    expect(response.body).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62;</title>');
    expect(response.body).not.toContain('<script>alert');
  });
});

async function uploadProcessedWithTitle(title: string) {
  const response = await upload(testService.service, sampleMp4(), {
    token,
    query: `courseId=${course}&title=${encodeURIComponent(title)}`,
  });
  const { uuid } = response.json();
  return waitFor(async () => {
    const page = await openPlayer(uuid);
    return page.body.includes('<video') ? page : undefined;
  });
}
