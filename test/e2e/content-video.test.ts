import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';
import { dataRows, frameWithUrl, notAVideo, sampleVideo, uploadInFrame } from './uploads';

interface ContentRow {
  id: string;
  title: string;
  status: string;
  externalUuid: string | null;
}

/** The content titled `title`, as the API has it now. */
async function contentTitled(title: string): Promise<ContentRow | undefined> {
  const admin = await apiSession(demo.company);
  return (await admin.call<Page<ContentRow>>('GET', `contents?search=${encodeURIComponent(title)}`)).body.items[0];
}

/** A new Video with this title, step 1 of the wizard saved: the uploader is shown. */
async function createVideo(page: BrowserPage, title: string) {
  await page.goto('/contents/new');
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => page.getByTestId('uploader-frame').count(), { timeout: 15_000 }).toBe(1);
}

/** The list searched for `title`, its one row's text once it contains `text`. */
async function rowSays(page: BrowserPage, title: string, text: string) {
  await page.goto(`/contents?search=${encodeURIComponent(title)}`);
  await expect.poll(() => dataRows(page).count()).toBe(1);
  await expect.poll(() => dataRows(page).first().innerText(), { timeout: 30_000 }).toContain(text);
}

/** The video of the content's page plays: the player frame's `<video>` has the sample's 2 seconds and moves on. */
async function expectPlays(page: BrowserPage) {
  await expect.poll(() => page.getByTestId('player-frame').count(), { timeout: 15_000 }).toBe(1);
  const video = (await frameWithUrl(page, '/watch/')).locator('video');
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
}

describe("a COMPANY admin finishing a content's video later, or again", () => {
  const page = usePage();

  it('leaves an upload with Finish later, comes back through the edit page, finishes it and plays the video', async () => {
    const title = unique('Finish later');
    await signIn(page(), demo.company);
    await createVideo(page(), title);
    await page().getByRole('button', { name: 'Finish later' }).click();
    await page().waitForURL(/\/contents$/);

    // The list marks it as waiting for a video; its Edit action leads to its page, which offers the uploader.
    await rowSays(page(), title, 'Waiting for a video');
    expect(await dataRows(page()).first().innerText()).toContain('Draft');
    await dataRows(page()).first().getByRole('button', { name: 'Edit' }).click();
    const content = await contentTitled(title);
    expect(content).toMatchObject({ status: 'DRAFT', externalUuid: null });
    await page().waitForURL(`**/contents/${content!.id}`);
    await expect.poll(() => page().getByTestId('content-video').innerText()).toContain('This content has no video yet.');
    await page().getByRole('button', { name: 'Upload a video' }).click();
    await page().waitForURL(`**/contents/${content!.id}/video`);
    expect(await page().getByTestId('page-title').innerText()).toBe('Content video');

    await uploadInFrame(page(), sampleVideo);
    // Attached: back on the content's page, told so.
    await page().waitForURL(`**/contents/${content!.id}`, { timeout: 20_000 });
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Video uploaded: it is being processed');
    await rowSays(page(), title, 'Ready');
    expect(await dataRows(page()).first().innerText()).not.toContain('Waiting for a video');
    expect(await contentTitled(title)).toMatchObject({ status: 'READY', externalUuid: expect.any(String) });

    await page().goto(`/contents/${content!.id}`);
    await expectPlays(page());
    expect(await page().getByRole('button', { name: 'Replace video' }).count()).toBe(1);
  });

  it('replaces a video the service could not process (FAILED) with a real one, which becomes READY', async () => {
    const title = unique('Broken upload');
    await signIn(page(), demo.company);
    await createVideo(page(), title);
    await uploadInFrame(page(), notAVideo);
    await page().waitForURL(/\/contents$/, { timeout: 20_000 });
    await expect.poll(async () => (await contentTitled(title))?.status, { timeout: 30_000 }).toBe('FAILED');
    const failed = (await contentTitled(title))!;
    await rowSays(page(), title, 'Waiting for a video');
    expect(await dataRows(page()).first().innerText()).toContain('Failed');

    // Its page: no player, why, and 'Upload it again'.
    await page().goto(`/contents/${failed.id}`);
    const alert = page().getByTestId('video-failed');
    await expect.poll(() => alert.innerText()).toContain('This video could not be processed.');
    expect(await page().getByTestId('player-frame').count()).toBe(0);
    await alert.getByRole('button', { name: 'Upload it again' }).click();
    await page().waitForURL(`**/contents/${failed.id}/video`);
    await expect.poll(() => page().getByText('The current video stays until the new one is uploaded.').count()).toBe(1);

    await uploadInFrame(page(), sampleVideo);
    await page().waitForURL(`**/contents/${failed.id}`, { timeout: 20_000 });
    await expect.poll(async () => (await contentTitled(title))?.status, { timeout: 30_000 }).toBe('READY');
    const replaced = (await contentTitled(title))!;
    expect(replaced.externalUuid).not.toBe(failed.externalUuid);
    await rowSays(page(), title, 'Ready');
    await page().goto(`/contents/${failed.id}`);
    await expectPlays(page());
  });

  it("offers the uploader for the demo's draft podcast, and Finish later leads back to its page", async () => {
    const podcast = (await contentTitled('Leading a robotics team: the podcast'))!;
    expect(podcast).toMatchObject({ status: 'DRAFT', externalUuid: null });
    await signIn(page(), demo.company);
    await page().goto(`/contents/${podcast.id}`);
    await page().getByRole('button', { name: 'Upload an audio file' }).click();
    await page().waitForURL(`**/contents/${podcast.id}/video`);
    await expect.poll(() => page().getByTestId('uploader-frame').count(), { timeout: 15_000 }).toBe(1);
    const uploader = await frameWithUrl(page(), '/upload?');
    expect(new URL(uploader.url()).searchParams.get('title')).toBe('Leading a robotics team: the podcast');
    await expect.poll(() => uploader.locator('#file').count(), { timeout: 15_000 }).toBe(1);
    await page().getByRole('button', { name: 'Finish later' }).click();
    await page().waitForURL(`**/contents/${podcast.id}`);
    await expect.poll(() => page().getByRole('button', { name: 'Upload an audio file' }).count()).toBe(1);
    expect(await contentTitled('Leading a robotics team: the podcast')).toMatchObject({ status: 'DRAFT', externalUuid: null });
  });
});
