import { resolve } from 'node:path';
import { expect } from 'vitest';
import type { Frame, Page as BrowserPage } from 'playwright-core';

/** A small real video (2 s WebM): the video service finds it playable (READY). */
export const sampleVideo = resolve('test/fixtures/sample.webm');

/** A file the browser sends as a video that is none: the video service marks it FAILED. */
export const notAVideo = { name: 'broken.webm', mimeType: 'video/webm', buffer: Buffer.from('This is not a video, only text.\n') };

/** The grid's data rows (the header row has no id). */
export const dataRows = (page: BrowserPage) => page.locator('[role="row"][data-id]');

/** The frame (the uploader, the player) whose address contains `part`, once it is there. */
export async function frameWithUrl(page: BrowserPage, part: string): Promise<Frame> {
  let found: Frame | undefined;
  await expect
    .poll(() => (found = page.frames().find((frame) => frame.url().includes(part))) !== undefined, { timeout: 15_000 })
    .toBe(true);
  if (!found) throw new Error(`no frame with ${part}`);
  return found;
}

/** Chooses `file` in the uploader frame and uploads it. */
export async function uploadInFrame(page: BrowserPage, file: string | typeof notAVideo) {
  await expect.poll(() => page.getByTestId('uploader-frame').count(), { timeout: 15_000 }).toBe(1);
  const uploader = await frameWithUrl(page, '/upload?');
  await uploader.locator('#file').setInputFiles(file);
  await uploader.locator('#upload').click();
}
