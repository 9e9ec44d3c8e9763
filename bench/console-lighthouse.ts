import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { freePort } from '../test/e2e/console-server';
import type { PageUnderTest } from './console-pages';

export type FormFactor = 'mobile' | 'desktop';

/** One script of a page as Lighthouse saw it: bytes over the wire, bytes parsed, and those by package. */
export interface ScriptUse {
  url: string;
  transferred: number;
  parsed: number;
  /** Parsed bytes by package (`react-dom`, `@mui/material`…; the app's own code is `(app)`), from the source map. */
  packages: Record<string, number>;
}

/** One Lighthouse run: its default audit (simulated throttling), scores out of 100. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  /** The audit of source maps (`valid-source-maps`) passed. */
  sourceMapsValid: boolean;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; speedIndexMs: number; cls: number };
  /** The element Lighthouse took for the largest contentful paint. */
  lcpElement: string;
  /** Lighthouse's measure of this machine's CPU at the time (higher is faster). */
  benchmarkIndex: number;
  scripts: ScriptUse[];
}

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

interface TreemapNode {
  name: string;
  resourceBytes: number;
  children?: TreemapNode[];
}

/** The package a source of a source map belongs to: the folder under its last `node_modules`, else the app's own code. */
export function packageOf(source: string): string {
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) return match[1]!;
  return source.includes('(unmapped)') ? '(unmapped)' : '(app)';
}

/** The parsed bytes of a script's tree (Lighthouse's `script-treemap-data`) summed by package. */
function packagesOf(node: TreemapNode, path = '', into: Record<string, number> = {}): Record<string, number> {
  const here = path ? `${path}/${node.name}` : node.name;
  if (!node.children?.length) {
    const name = packageOf(here);
    into[name] = (into[name] ?? 0) + node.resourceBytes;
  } else {
    for (const child of node.children) packagesOf(child, here, into);
  }
  return into;
}

/**
 * Lighthouse driving /usr/bin/chromium through its debugging port: one browser profile whose localStorage holds
 * each page's stored session (Lighthouse clears the cache before every run, not localStorage). Everything it
 * needs ships in the npm package: it fetches nothing but the pages under test.
 */
export async function withLighthouse<T>(
  baseURL: string,
  use: (audit: (target: PageUnderTest, formFactor: FormFactor) => Promise<LighthouseRun>) => Promise<T>,
) {
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
    const auditOnce = async (target: PageUnderTest, formFactor: FormFactor): Promise<LighthouseRun> => {
      await setup.evaluate((storage) => {
        localStorage.clear();
        for (const [key, value] of Object.entries(storage)) localStorage.setItem(key, value);
      }, target.storage ?? {});
      const result = await lighthouse(
        `${baseURL}${target.path}`,
        { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
        formFactor === 'desktop' ? desktopConfig : undefined,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${target.path}`);
      const { categories, audits, environment, runtimeError } = result.lhr;
      if (runtimeError) throw new Error(`Lighthouse failed on ${target.path}: ${runtimeError.code} ${runtimeError.message}`);
      const numeric = (id: string) => audits[id]?.numericValue ?? Number.NaN;
      const requests = ((audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items ?? []) as {
        url: string;
        resourceType?: string;
        transferSize?: number;
        resourceSize?: number;
      }[];
      const trees = ((audits['script-treemap-data']?.details as { nodes?: TreemapNode[] } | undefined)?.nodes ?? []) as TreemapNode[];
      const scripts = requests
        .filter((request) => request.resourceType === 'Script')
        .map((request): ScriptUse => {
          const tree = trees.find((node) => node.name === request.url);
          const parsed = request.resourceSize ?? 0;
          return {
            url: new URL(request.url).pathname,
            transferred: request.transferSize ?? 0,
            parsed,
            packages: tree?.children?.length ? packagesOf({ ...tree, name: '' }) : { '(no source map)': parsed },
          };
        });
      const lcpItems = (audits['largest-contentful-paint-element']?.details as { items?: { items?: { node?: { snippet?: string } }[] }[] })
        ?.items;
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
        lcpElement: lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?',
        benchmarkIndex: environment.benchmarkIndex,
        scripts,
      };
    };
    // A loaded machine now and then loses Lighthouse's trace (NO_NAVSTART, NO_FCP): that run is done again, twice at most.
    return await use(async (target, formFactor) => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await auditOnce(target, formFactor);
        } catch (error) {
          if (attempt === 3) throw error;
          console.log(`${(error as Error).message}: again (attempt ${attempt + 1} of 3)`);
        }
      }
    });
  } finally {
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
  }
}
