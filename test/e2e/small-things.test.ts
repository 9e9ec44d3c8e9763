import { describe, expect, it } from 'vitest';
import { demo, menuLabels, signIn, usePage } from './browser';

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

  it('switches to Italian on the sign-in page, keeps it after a reload, and signs in in Italian', async () => {
    await page().goto('/login');
    const choice = page().getByTestId('login-language');
    await choice.getByRole('button', { name: 'Italiano' }).click();
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Accedi');

    await page().reload();
    await expect.poll(() => page().getByTestId('page-title').textContent()).toBe('Accedi');
    expect(await choice.getByRole('button', { name: 'Italiano' }).getAttribute('aria-pressed')).toBe('true');
    await signIn(page(), demo.tenant);

    await expect.poll(() => menuLabels(page())).toContain('Aziende');
    await page().getByTestId('user-menu-button').click();
    expect(await page().getByTestId('language-it').getAttribute('class')).toContain('Mui-selected');
  });
});
