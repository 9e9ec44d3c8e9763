import { throttling, userAgents } from 'lighthouse/core/config/constants.js';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';

/** What a first visit of a page costs in the browser: its scripts, and when the user has what came for. */
export interface PageLoad {
  /** Milliseconds from the navigation's start until the page shows its data. */
  timeToDataMs: number;
  /** Script bytes over the wire (compressed) and decoded (what the browser parses), before the data showed. */
  jsBeforeData: ScriptBytes;
  /** The same once the network is idle: idle-time prefetches included. */
  jsSettled: ScriptBytes;
  /** The script files fetched by then. */
  scripts: string[];
  /** Milliseconds from the navigation's start to the data request's start and to its answer's end (Resource Timing). */
  dataRequest?: { startMs: number; answeredMs: number };
}

export interface ScriptBytes {
  transferred: number;
  parsed: number;
}

export interface BrowserProfile {
  name: 'desktop' | 'mobile';
  context: BrowserContextOptions;
  /** Network and CPU throttling applied by the browser (none on desktop). */
  throttle?: { latencyMs: number; downloadBytesPerSecond: number; uploadBytesPerSecond: number; cpuSlowdown: number };
}

const mobile4G = throttling.mobileSlow4G;

/** Lighthouse's two devices: an unthrottled desktop, and its mid-range phone on slow 4G with a 4× slower CPU. */
export const browserProfiles: BrowserProfile[] = [
  { name: 'desktop', context: { viewport: { width: 1350, height: 940 }, userAgent: userAgents.desktop } },
  {
    name: 'mobile',
    context: {
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      userAgent: userAgents.mobile,
    },
    throttle: {
      latencyMs: mobile4G.requestLatencyMs,
      downloadBytesPerSecond: (mobile4G.downloadThroughputKbps * 1024) / 8,
      uploadBytesPerSecond: (mobile4G.uploadThroughputKbps * 1024) / 8,
      cpuSlowdown: mobile4G.cpuSlowdownMultiplier,
    },
  },
];

export interface PageUnderTest {
  name: string;
  path: string;
  /** A CSS selector that matches once the page shows what the user came for. */
  dataSelector: string;
  /** localStorage of the console's origin before the visit (a stored session), none unless given. */
  storage?: Record<string, string>;
  /** The part of the data request's address that names it (`/api/companies`): its timing is reported. */
  dataRequest?: string;
}

async function throttled(page: Page, profile: BrowserProfile) {
  if (!profile.throttle) return;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: profile.throttle.latencyMs,
    downloadThroughput: profile.throttle.downloadBytesPerSecond,
    uploadThroughput: profile.throttle.uploadBytesPerSecond,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.throttle.cpuSlowdown });
}

/** One first visit in a fresh profile (empty cache), measured from the browser's side. */
export async function loadPage(browser: Browser, baseURL: string, target: PageUnderTest, profile: BrowserProfile): Promise<PageLoad> {
  const context = await browser.newContext({
    ...profile.context,
    baseURL,
    locale: 'en-US',
    ...(target.storage && {
      storageState: {
        cookies: [],
        origins: [{ origin: baseURL, localStorage: Object.entries(target.storage).map(([name, value]) => ({ name, value })) }],
      },
    }),
  });
  try {
    const page = await context.newPage();
    await throttled(page, profile);
    const scripts: Promise<{ url: string; transferred: number; parsed: number; before: boolean }>[] = [];
    let dataShown = false;
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      const before = !dataShown;
      scripts.push(
        (async () => {
          const [sizes, body] = await Promise.all([response.request().sizes(), response.body()]);
          return { url: new URL(response.url()).pathname, transferred: sizes.responseBodySize, parsed: body.byteLength, before };
        })(),
      );
    });
    await page.goto(target.path, { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      (selector) => (document.querySelector(selector) ? performance.now() : false),
      target.dataSelector,
      { polling: 'raf', timeout: 60_000 },
    );
    const timeToDataMs = (await shown.jsonValue()) as number;
    dataShown = true;
    const dataRequest = target.dataRequest
      ? await page.evaluate((name) => {
          const entry = performance.getEntriesByType('resource').find((resource) => new URL(resource.name).pathname === name) as
            PerformanceResourceTiming | undefined;
          return entry && { startMs: entry.requestStart || entry.startTime, answeredMs: entry.responseEnd };
        }, target.dataRequest)
      : undefined;
    await page.waitForLoadState('networkidle');
    // Idle-time prefetches start after the page settles: give them the time a reader would.
    await page.waitForTimeout(profile.throttle ? 3000 : 1000);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    const sum = (entries: typeof loaded): ScriptBytes => ({
      transferred: entries.reduce((total, entry) => total + entry.transferred, 0),
      parsed: entries.reduce((total, entry) => total + entry.parsed, 0),
    });
    return {
      timeToDataMs,
      jsBeforeData: sum(loaded.filter((entry) => entry.before)),
      jsSettled: sum(loaded),
      scripts: loaded.map((entry) => entry.url).sort(),
      ...(dataRequest && { dataRequest }),
    };
  } finally {
    await context.close();
  }
}

/** The same profile's floor: a bare request (a tiny JSON document, no script) from navigation to load. */
export async function loadBareDocument(browser: Browser, baseURL: string, profile: BrowserProfile): Promise<number> {
  const context = await browser.newContext({ ...profile.context, baseURL });
  try {
    const page = await context.newPage();
    await throttled(page, profile);
    await page.goto('/api/health', { waitUntil: 'load' });
    return await page.evaluate(() => performance.getEntriesByType('navigation')[0]!.duration);
  } finally {
    await context.close();
  }
}
