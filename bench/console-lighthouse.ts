import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { freePort } from '../test/e2e/console-server';
import type { PageUnderTest } from './console-pages';

/** One Lighthouse run: its default mobile audit (simulated slow 4G and 4× CPU), scores out of 100. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** The audit of source maps (`valid-source-maps`) passed. */
  sourceMapsValid: boolean;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; speedIndexMs: number; cls: number };
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster). */
  benchmarkIndex: number;
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Lighthouse driving /usr/bin/chromium through its debugging port: one browser profile whose localStorage holds
 * each page's stored session (Lighthouse clears the cache before every run, not localStorage). Everything it
 * needs ships in the npm package: it fetches nothing but the pages of the console under test.
 */
export async function withLighthouse<T>(baseURL: string, use: (audit: (target: PageUnderTest) => Promise<LighthouseRun>) => Promise<T>) {
  const profileDir = mkdtempSync(join(tmpdir(), 'console-lighthouse-'));
  const port = await freePort();
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: chromiumPath,
    args: [...chromiumArgs, `--remote-debugging-port=${port}`],
    headless: true,
  });
  try {
    const setup = context.pages()[0] ?? (await context.newPage());
    await setup.goto(`${baseURL}/api/health`);
    return await use(async (target) => {
      await setup.evaluate((storage) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }, target.storage ?? {});
      const result = await lighthouse(`${baseURL}${target.path}`, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
      const { categories, audits, environment, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse failed on ${target.path}: ${runtimeError.code} ${runtimeError.message}`);
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      return {
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        sourceMapsValid: audits['valid-source-maps']?.score === 1,
        metrics: {
          fcpMs: numeric('first-contentful-paint'),
          lcpMs: numeric('largest-contentful-paint'),
          tbtMs: numeric('total-blocking-time'),
          speedIndexMs: numeric('speed-index'),
          cls: numeric('cumulative-layout-shift'),
        },
        benchmarkIndex: environment.benchmarkIndex,
      };
    });
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}
