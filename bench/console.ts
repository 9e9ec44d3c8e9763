import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { buildConsole, startConsoleServer } from '../test/e2e/console-server';
import { withLighthouse, type LighthouseRun } from './console-lighthouse';
import { browserProfiles, loadBareDocument, loadPage, type PageLoad, type PageUnderTest } from './console-pages';
import { printTable } from './measure';

const timingRuns = atLeast('BENCH_CONSOLE_RUNS', 5, 5);
const lighthouseRuns = atLeast('BENCH_LIGHTHOUSE_RUNS', 3, 3);
const tenantAdmin = { email: 'tenant.admin@example.com', password: 'Demo-2026!' };

/** The budgets of a first visit; kB are 1000 bytes, over the wire (compressed), idle-time prefetches included. */
const budgets = { loginJsKb: 120, listJsKb: 220, lighthousePerformance: 90, lighthouseAccessibility: 100 };

const kB = (bytes: number) => bytes / 1000;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const conditions = () =>
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')} on ${cpus().length} cores`;

console.log(`Console benchmark: ${timingRuns} browser runs per page and profile, ${lighthouseRuns} Lighthouse runs per page.`);
console.log(`Start: ${conditions()}.`);
buildConsole();
const server = await startConsoleServer();
let browser: Browser | undefined;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const storage = await signedInStorage(browser, server.baseURL);
  const pages: PageUnderTest[] = [
    { name: '/login', path: '/login', dataSelector: 'form button[type="submit"]' },
    { name: '/companies (TENANT)', path: '/companies', dataSelector: '[role="grid"] [role="row"][data-id]', storage },
  ];

  const loads = new Map<string, PageLoad[]>();
  const bare = new Map<string, number[]>();
  for (const profile of browserProfiles) {
    bare.set(profile.name, []);
    for (const target of pages) loads.set(`${target.name}|${profile.name}`, []);
    for (let run = 0; run < timingRuns; run += 1) {
      bare.get(profile.name)!.push(await loadBareDocument(browser, server.baseURL, profile));
      for (const target of pages)
        loads.get(`${target.name}|${profile.name}`)!.push(await loadPage(browser, server.baseURL, target, profile));
    }
  }

  const audits = await withLighthouse(server.baseURL, async (audit) => {
    const byPage = new Map<string, LighthouseRun[]>();
    for (const target of pages) {
      const runs: LighthouseRun[] = [];
      for (let run = 0; run < lighthouseRuns; run += 1) runs.push(await audit(target));
      byPage.set(target.name, runs);
    }
    return byPage;
  });

  console.log(`\n## Script of a first visit (desktop profile, median of ${timingRuns}; kB = 1000 bytes)\n`);
  printTable(
    ['page', 'JS over the wire before data', 'JS parsed before data', 'JS over the wire, settled', 'JS parsed, settled', 'script files'],
    pages.map((target) => {
      const runs = loads.get(`${target.name}|desktop`)!;
      const pick = (read: (load: PageLoad) => number) => `${kB(median(runs.map(read))).toFixed(1)} kB`;
      return [
        target.name,
        pick((load) => load.jsBeforeData.transferred),
        pick((load) => load.jsBeforeData.parsed),
        pick((load) => load.jsSettled.transferred),
        pick((load) => load.jsSettled.parsed),
        String(runs[0]!.scripts.length),
      ];
    }),
  );

  console.log(`\n## Time to data (median of ${timingRuns}; the bare request is a tiny JSON document in the same profile)\n`);
  printTable(
    ['page', ...browserProfiles.flatMap((profile) => [`${profile.name} ms`, `${profile.name} × bare request`])],
    [
      ...pages.map((target) => [
        target.name,
        ...browserProfiles.flatMap((profile) => {
          const time = median(loads.get(`${target.name}|${profile.name}`)!.map((load) => load.timeToDataMs));
          return [time.toFixed(0), (time / median(bare.get(profile.name)!)).toFixed(1)];
        }),
      ]),
      ['bare request', ...browserProfiles.flatMap((profile) => [median(bare.get(profile.name)!).toFixed(0), '1.0'])],
    ],
  );

  console.log(`\n## Lighthouse, mobile, simulated throttling (median of ${lighthouseRuns})\n`);
  printTable(
    [
      'page',
      'performance',
      'runs',
      'accessibility',
      'FCP ms',
      'LCP ms',
      'TBT ms',
      'Speed Index ms',
      'CLS',
      'source maps',
      'benchmarkIndex',
    ],
    pages.map((target) => {
      const runs = audits.get(target.name)!;
      const metric = (read: (run: LighthouseRun) => number, digits = 0) => median(runs.map(read)).toFixed(digits);
      return [
        target.name,
        metric((run) => run.performance),
        runs.map((run) => run.performance).join(' '),
        metric((run) => run.accessibility),
        metric((run) => run.metrics.fcpMs),
        metric((run) => run.metrics.lcpMs),
        metric((run) => run.metrics.tbtMs),
        metric((run) => run.metrics.speedIndexMs),
        metric((run) => run.metrics.cls, 3),
        runs.every((run) => run.sourceMapsValid) ? 'valid' : 'flagged',
        metric((run) => run.benchmarkIndex),
      ];
    }),
  );

  const settledJs = (name: string) => kB(median(loads.get(`${name}|desktop`)!.map((load) => load.jsSettled.transferred)));
  const lighthouse = (name: string, read: (run: LighthouseRun) => number) => median(audits.get(name)!.map(read));
  const checks = [
    {
      budget: `/login JS over the wire <= ${budgets.loginJsKb} kB`,
      value: settledJs('/login'),
      pass: (v: number) => v <= budgets.loginJsKb,
      unit: ' kB',
    },
    {
      budget: `list JS over the wire <= ${budgets.listJsKb} kB`,
      value: settledJs('/companies (TENANT)'),
      pass: (v: number) => v <= budgets.listJsKb,
      unit: ' kB',
    },
    ...pages.flatMap((target) => [
      {
        budget: `${target.name} Lighthouse mobile performance >= ${budgets.lighthousePerformance}`,
        value: lighthouse(target.name, (run) => run.performance),
        pass: (v: number) => v >= budgets.lighthousePerformance,
        unit: '',
      },
      {
        budget: `${target.name} Lighthouse accessibility = ${budgets.lighthouseAccessibility}`,
        value: lighthouse(target.name, (run) => run.accessibility),
        pass: (v: number) => v >= budgets.lighthouseAccessibility,
        unit: '',
      },
    ]),
  ];
  console.log('\n## Budgets\n');
  for (const check of checks) {
    const pass = check.pass(check.value);
    failed ||= !pass;
    console.log(
      `${pass ? 'PASS' : 'FAIL'}  ${check.budget}: ${Number.isInteger(check.value) ? check.value : check.value.toFixed(1)}${check.unit}`,
    );
  }
  console.log(`\nEnd: ${conditions()}.`);
} finally {
  await browser?.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);

/** The localStorage a TENANT administrator's browser holds after signing in through the console. */
async function signedInStorage(browser: Browser, baseURL: string): Promise<Record<string, string>> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(tenantAdmin.email);
    await page.getByLabel('Password').fill(tenantAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    const origin = (await context.storageState()).origins.find((entry) => entry.origin === new URL(baseURL).origin);
    return Object.fromEntries((origin?.localStorage ?? []).map(({ name, value }) => [name, value]));
  } finally {
    await context.close();
  }
}

function atLeast(name: string, fallback: number, minimum: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < minimum) throw new Error(`${name} must be a whole number of at least ${minimum}`);
  return value;
}
