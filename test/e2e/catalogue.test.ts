import { describe, expect, it } from 'vitest';
import type { Page as BrowserPage } from 'playwright-core';
import { apiSession, unique, type Page } from './api';
import { demo, signIn, usePage } from './browser';
import { dataRows, frameWithUrl, sampleVideo } from './uploads';

interface ContentRow {
  id: string;
  title: string;
  status: string;
  externalUuid: string | null;
}

async function chooseOption(page: BrowserPage, field: string, option: string) {
  await page.getByRole('combobox', { name: field, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('a COMPANY admin building the catalogue', () => {
  const page = usePage();

  it('creates a topic and stays on its page', async () => {
    const name = unique('Safety');
    await signIn(page(), demo.company);
    await page().getByTestId('sidebar-menu').getByRole('link', { name: 'Topics' }).click();
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/topics/new');
    await page().getByRole('textbox', { name: 'Name' }).fill(name);
    await page().getByRole('textbox', { name: 'Colour', exact: true }).fill('#12ab34');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Topic created');
    await page().waitForURL(/\/topics\/[0-9a-f-]{36}$/);
    const admin = await apiSession(demo.company);
    const found = await admin.call<Page<{ name: string; color: string; status: string }>>(
      'GET',
      `topics?search=${encodeURIComponent(name)}`,
    );
    expect(found.body.items).toEqual([expect.objectContaining({ name, color: '#12AB34', status: 'PENDING' })]);
  });

  it('creates a video by uploading a real file, sees it processed, and plays it back', async () => {
    const title = unique('Forklift training');
    await signIn(page(), demo.company);
    await page().goto('/contents');
    await page().getByRole('button', { name: 'Add' }).click();
    await page().waitForURL('**/contents/new');
    const next = page().getByRole('button', { name: 'Continue' });
    await expect.poll(() => next.isDisabled()).toBe(true);
    await page().getByRole('textbox', { name: 'Title' }).fill(title);
    await next.click();

    await expect.poll(() => page().getByTestId('uploader-frame').count(), { timeout: 15_000 }).toBe(1);
    const uploader = await frameWithUrl(page(), '/upload?');
    await uploader.locator('#file').setInputFiles(sampleVideo);
    await uploader.locator('#upload').click();

    const admin = await apiSession(demo.company);
    const created = async () => (await admin.call<Page<ContentRow>>('GET', `contents?search=${encodeURIComponent(title)}`)).body.items[0];
    await expect.poll(async () => (await created())?.externalUuid ?? null, { timeout: 20_000 }).not.toBeNull();
    const statusAfterUpload = (await created())?.status;
    expect(['PENDING_PROCESSING', 'READY']).toContain(statusAfterUpload);

    await page().goto(`/contents?search=${encodeURIComponent(title)}`);
    await expect.poll(() => dataRows(page()).count()).toBe(1);
    await expect.poll(() => dataRows(page()).first().innerText(), { timeout: 30_000 }).toContain('Ready');

    const content = await created();
    expect(content?.status).toBe('READY');
    await page().goto(`/contents/${content?.id}`);
    await expect.poll(() => page().getByTestId('player-frame').count(), { timeout: 15_000 }).toBe(1);
    const player = await frameWithUrl(page(), '/watch/');
    const video = player.locator('video');
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((element: HTMLVideoElement) => Math.round(element.duration))).toBe(2);
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it('creates an article whose INLINE text shows as text and never runs as markup', async () => {
    const title = unique('Welcome article');
    const text = '<img src="x" onerror="window.__injected = 1"><script>window.__injected = 2</script>Hello & welcome';
    await signIn(page(), demo.company);
    await page().goto('/contents/new');
    await page().getByRole('textbox', { name: 'Title' }).fill(title);
    await chooseOption(page(), 'Type', 'Article');
    await chooseOption(page(), 'Render type', 'Inline');
    await page().getByRole('textbox', { name: 'Text' }).fill(text);
    await page().getByRole('button', { name: 'Save' }).click();
    await page().waitForURL(/\/contents\/[0-9a-f-]{36}$/);

    await expect.poll(() => page().getByTestId('content-text-preview').innerText()).toContain(text);
    await page().reload();
    await expect.poll(() => page().getByTestId('content-text-preview').innerText()).toContain(text);
    expect(await page().evaluate(() => (window as unknown as { __injected?: number }).__injected)).toBeUndefined();
    expect(await page().getByTestId('content-text-preview').locator('img, script').count()).toBe(0);
  });

  it('locks the render type to REFERENCE for a Video and drops INLINE text', async () => {
    await signIn(page(), demo.company);
    await page().goto('/contents/new');
    await page().getByRole('textbox', { name: 'Title' }).fill(unique('Switching'));
    await chooseOption(page(), 'Type', 'Article');
    await chooseOption(page(), 'Render type', 'Inline');
    await page().getByRole('textbox', { name: 'Text' }).fill('draft text');
    await chooseOption(page(), 'Type', 'Video');
    await expect.poll(() => page().getByRole('textbox', { name: 'Text' }).count()).toBe(0);
    const renderType = page().getByRole('combobox', { name: 'Render type', exact: true });
    await expect.poll(() => renderType.innerText()).toContain('Reference');
    await expect.poll(() => renderType.getAttribute('aria-disabled')).toBe('true');
  });
});
