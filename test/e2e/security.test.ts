import { describe, expect, it } from 'vitest';
import { apiSession, unique, type Page as ListPage } from './api';
import { baseURL, connectedBrowser, demo, signIn, usePage, watchPolicyViolations } from './browser';

describe("the console's Content-Security-Policy in Chromium", () => {
  it('is sent with the console, and Chromium refuses an injected inline script and a foreign frame', async () => {
    const context = await (await connectedBrowser()).newContext({ baseURL });
    const violations: string[] = [];
    try {
      await watchPolicyViolations(context, violations);
      const page = await context.newPage();
      const response = await page.goto('/login');
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(response?.headers()['x-frame-options']).toBe('DENY');

      const ran = await page.evaluate(async () => {
        const script = document.createElement('script');
        script.textContent = 'window.injectedRan = true;';
        document.body.append(script);
        const frame = document.createElement('iframe');
        frame.src = 'http://127.0.0.1:9/elsewhere';
        document.body.append(frame);
        await new Promise((resolve) => setTimeout(resolve, 200));
        return (window as unknown as { injectedRan?: boolean }).injectedRan === true;
      });

      expect(ran).toBe(false);
      await expect.poll(() => violations.join('\n')).toContain('script-src-elem refused inline');
      await expect.poll(() => violations.join('\n')).toContain('frame-src refused http://127.0.0.1:9');
    } finally {
      await context.close();
    }
  });
});

describe('a create whose answer is lost', () => {
  const page = usePage();

  it('makes one topic when the user saves again: the retry carries the same Idempotency-Key', async () => {
    const name = unique('Retried');
    await signIn(page(), demo.company);
    const keys: string[] = [];
    let lost = false;
    await page().route('**/api/topics', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (lost) return route.continue();
      lost = true;
      await route.fetch(); // the server creates the topic, and its answer never reaches the console
      return route.abort('connectionreset');
    });

    await page().goto('/topics/new');
    await page().getByRole('textbox', { name: 'Name' }).fill(name);
    await page().getByRole('textbox', { name: 'Colour', exact: true }).fill('#12ab34');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Create failed');
    await page().getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page().getByTestId('notifications').innerText()).toContain('Topic created');
    await page().waitForURL(/\/topics\/[0-9a-f-]{36}$/);

    const admin = await apiSession(demo.company);
    const found = await admin.call<ListPage<{ id: string; name: string }>>('GET', `topics?search=${encodeURIComponent(name)}`);
    expect(found.body.items).toHaveLength(1);
    expect(page().url()).toContain(found.body.items[0]!.id);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });
});
