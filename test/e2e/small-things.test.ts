import { describe, expect, it } from 'vitest';
import { usePage } from './browser';

describe('the small things of issue 16', () => {
  const page = usePage();

  it('has a favicon, served by the console and allowed by its policy', async () => {
    await page().goto('/login');
    const href = await page().locator('link[rel="icon"]').getAttribute('href');
    expect(href).toBe('/favicon.svg');

    const icon = await page().request.get(href!);

    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await icon.text()).toMatch(/^<svg /);
    // The page itself shows it: no policy violation (usePage fails the test on one) and the icon decodes as an image.
    const decoded = await page().evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return image.naturalWidth > 0;
    }, href!);
    expect(decoded).toBe(true);
  });
});
