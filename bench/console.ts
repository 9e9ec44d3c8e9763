import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { buildConsole, startConsoleServer } from '../test/e2e/console-server';
import { withLighthouse, type FormFactor, type LighthouseRun, type ScriptUse } from './console-lighthouse';
import { browserProfiles, loadPage, type PageLoad, type PageUnderTest } from './console-pages';
import { printTable } from './measure';
import { buildReactAdmin, reactAdminPath } from './react-admin-app';

const rounds = atLeast('BENCH_ROUNDS', 3, 1);
const tenantAdmin = { email: 'tenant.admin@example.com', password: 'Demo-2026!' };

/** The budgets: ratios to react-admin's list measured in the same run, and the sign-in page's own score. */
const budgets = { listPerformanceVsReactAdmin: 1, listLcpRatio: 1.0, timeToDataRatio: 0.9, loginPerformance: 90 };

const mobile = browserProfiles.find((profile) => profile.name === 'mobile')!;
const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const median = (values: number[]) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const loads: number[][] = [];
const conditions = () => {
  const load = loadavg();
  loads.push(load);
  return `load average ${load.map((value) => value.toFixed(2)).join(' / ')} on ${cpus().length} cores`;
};

console.log(`Console benchmark against react-admin: ${rounds} interleaved rounds.`);
console.log(`Start: ${conditions()}.`);
buildConsole();
buildReactAdmin();
const server = await startConsoleServer();
let browser: Browser | undefined;
let failed = false;
try {
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  const { storage, token } = await signedInStorage(browser, server.baseURL);
  // One origin, one API, one account: the console's stored session and react-admin's token side by side.
  const signedIn = { ...storage, react_admin_token: token };
  // The grid's rows, or on a phone's width (the mobile profile) the list's two-line rows.
  const rowSelector = '[role="grid"] [role="row"][data-id], [data-testid="phone-rows"] [data-id]';
  const consoleList: PageUnderTest = {
    name: 'console /companies',
    path: '/companies',
    dataSelector: rowSelector,
    storage: signedIn,
    dataRequest: '/api/companies',
  };
  const reactAdminList: PageUnderTest = {
    name: 'react-admin /companies',
    path: `${reactAdminPath}#/companies`,
    dataSelector: 'tr.RaDatagrid-row',
    storage: signedIn,
    dataRequest: '/api/companies',
  };
  const login: PageUnderTest = { name: 'console /login', path: '/login', dataSelector: 'form button[type="submit"]' };
  const lists = [consoleList, reactAdminList];

  const pageLoads = new Map<string, PageLoad[]>(lists.map((page) => [page.name, []]));
  const audits = new Map<string, LighthouseRun[]>();
  const auditsOf = (page: PageUnderTest, formFactor: FormFactor) => {
    const key = `${page.name}|${formFactor}`;
    if (!audits.has(key)) audits.set(key, []);
    return audits.get(key)!;
  };
  await withLighthouse(server.baseURL, async (audit) => {
    for (let round = 1; round <= rounds; round += 1) {
      // Interleaved, each round in the other order: a change of the machine's load weighs on both alike.
      const order = round % 2 ? lists : [...lists].reverse();
      for (const page of order) pageLoads.get(page.name)!.push(await loadPage(browser!, server.baseURL, page, mobile));
      for (const page of order) {
        auditsOf(page, 'mobile').push(await audit(page, 'mobile'));
        auditsOf(page, 'desktop').push(await audit(page, 'desktop'));
      }
      auditsOf(login, 'mobile').push(await audit(login, 'mobile'));
      console.log(`Round ${round} of ${rounds} done: ${conditions()}.`);
    }
  });

  const lighthouse = (page: PageUnderTest, formFactor: FormFactor, read: (run: LighthouseRun) => number) =>
    median(auditsOf(page, formFactor).map(read));
  const timing = (page: PageUnderTest, read: (load: PageLoad) => number | undefined) =>
    median(pageLoads.get(page.name)!.map((load) => read(load) ?? Number.NaN));
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
  const ratio = (ours: number, theirs: number) => (Number.isFinite(ours / theirs) ? `${(ours / theirs).toFixed(2)}×` : '–');
  const runsOf = (page: PageUnderTest, formFactor: FormFactor) =>
    auditsOf(page, formFactor)
      .map((run) => run.performance)
      .join(' ');

  console.log(`\n## The companies list, this console against react-admin (medians of ${rounds} rounds)\n`);
  const row = (label: string, read: (page: PageUnderTest) => number, show: (value: number) => string = ms) => {
    const [ours, theirs] = lists.map(read) as [number, number];
    return [label, show(ours), show(theirs), ratio(ours, theirs)];
  };
  const listScripts = (page: PageUnderTest) => auditsOf(page, 'mobile')[0]!.scripts;
  printTable(
    ['', 'console', 'react-admin', 'console ÷ react-admin'],
    [
      row('Lighthouse mobile performance', (page) => lighthouse(page, 'mobile', (run) => run.performance), String),
      ['  runs', runsOf(consoleList, 'mobile'), runsOf(reactAdminList, 'mobile'), ''],
      row('Lighthouse mobile LCP ms', (page) => lighthouse(page, 'mobile', (run) => run.metrics.lcpMs)),
      row('Lighthouse mobile FCP ms', (page) => lighthouse(page, 'mobile', (run) => run.metrics.fcpMs)),
      row('Lighthouse mobile TBT ms', (page) => lighthouse(page, 'mobile', (run) => run.metrics.tbtMs)),
      row('Lighthouse mobile Speed Index ms', (page) => lighthouse(page, 'mobile', (run) => run.metrics.speedIndexMs)),
      row('Lighthouse desktop performance', (page) => lighthouse(page, 'desktop', (run) => run.performance), String),
      row('Lighthouse desktop LCP ms', (page) => lighthouse(page, 'desktop', (run) => run.metrics.lcpMs)),
      row('time to data, mobile profile ms', (page) => timing(page, (load) => load.timeToDataMs)),
      row('  data request sent at ms', (page) => timing(page, (load) => load.dataRequest?.startMs)),
      row('  answer to painted rows ms', (page) =>
        timing(page, (load) => load.timeToDataMs - (load.dataRequest?.answeredMs ?? Number.NaN)),
      ),
      row('JS over the wire kB', (page) => sum(listScripts(page), (script) => script.transferred), kB),
      row('JS parsed kB', (page) => sum(listScripts(page), (script) => script.parsed), kB),
      row('script files', (page) => listScripts(page).length, String),
      row('Lighthouse accessibility', (page) => lighthouse(page, 'mobile', (run) => run.accessibility), String),
    ],
  );
  console.log(
    `\nLCP element (mobile): console ${auditsOf(consoleList, 'mobile')[0]!.lcpElement}; react-admin ${auditsOf(reactAdminList, 'mobile')[0]!.lcpElement}`,
  );
  console.log(
    `Lighthouse benchmarkIndex (median): ${median([...audits.values()].flat().map((run) => run.benchmarkIndex)).toFixed(0)}; source maps of the console: ${
      auditsOf(consoleList, 'mobile').every((run) => run.sourceMapsValid) ? 'valid' : 'flagged'
    }`,
  );

  console.log(`\n## /login (Lighthouse mobile, median of ${rounds})\n`);
  printTable(
    ['performance', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'JS over the wire kB', 'JS parsed kB', 'script files'],
    [
      [
        String(lighthouse(login, 'mobile', (run) => run.performance)),
        runsOf(login, 'mobile'),
        ms(lighthouse(login, 'mobile', (run) => run.metrics.fcpMs)),
        ms(lighthouse(login, 'mobile', (run) => run.metrics.lcpMs)),
        ms(lighthouse(login, 'mobile', (run) => run.metrics.tbtMs)),
        kB(sum(auditsOf(login, 'mobile')[0]!.scripts, (script) => script.transferred)),
        kB(sum(auditsOf(login, 'mobile')[0]!.scripts, (script) => script.parsed)),
        String(auditsOf(login, 'mobile')[0]!.scripts.length),
      ],
    ],
  );

  for (const page of [consoleList, login, reactAdminList]) {
    console.log(`\n## JS of ${page.name} by package (compressed: each file's share of its transfer by its source map)\n`);
    printTable(['package', 'over the wire kB', 'parsed kB', 'share'], packageRows(auditsOf(page, 'mobile')[0]!.scripts));
  }

  const consoleLcp = lighthouse(consoleList, 'mobile', (run) => run.metrics.lcpMs);
  const reactAdminLcp = lighthouse(reactAdminList, 'mobile', (run) => run.metrics.lcpMs);
  const consoleData = timing(consoleList, (load) => load.timeToDataMs);
  const reactAdminData = timing(reactAdminList, (load) => load.timeToDataMs);
  const consolePerformance = lighthouse(consoleList, 'mobile', (run) => run.performance);
  const reactAdminPerformance = lighthouse(reactAdminList, 'mobile', (run) => run.performance);
  const loginPerformance = lighthouse(login, 'mobile', (run) => run.performance);
  const checks = [
    {
      budget: `list Lighthouse mobile performance >= react-admin's`,
      shown: `${consolePerformance} vs ${reactAdminPerformance}`,
      pass: consolePerformance >= reactAdminPerformance * budgets.listPerformanceVsReactAdmin,
    },
    {
      budget: `list LCP (Lighthouse mobile) <= ${budgets.listLcpRatio.toFixed(1)}× react-admin's`,
      shown: `${ms(consoleLcp)} / ${ms(reactAdminLcp)} ms = ${ratio(consoleLcp, reactAdminLcp)}`,
      pass: consoleLcp <= reactAdminLcp * budgets.listLcpRatio,
    },
    {
      budget: `list time to data (mobile profile) <= ${budgets.timeToDataRatio}× react-admin's`,
      shown: `${ms(consoleData)} / ${ms(reactAdminData)} ms = ${ratio(consoleData, reactAdminData)}`,
      pass: consoleData <= reactAdminData * budgets.timeToDataRatio,
    },
    {
      budget: `/login Lighthouse mobile performance >= ${budgets.loginPerformance}`,
      shown: String(loginPerformance),
      pass: loginPerformance >= budgets.loginPerformance,
    },
  ];
  console.log('\n## Budgets\n');
  for (const check of checks) {
    failed ||= !check.pass;
    console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.budget}: ${check.shown}`);
  }
  console.log(`\nEnd: ${conditions()}. Load average (1 min) during the run: ${loads.map((load) => load[0]!.toFixed(1)).join(', ')}.`);
} finally {
  await browser?.close();
  await server.stop();
}
process.exit(failed ? 1 : 0);

function sum<T>(items: readonly T[], read: (item: T) => number) {
  return items.reduce((total, item) => total + read(item), 0);
}

/** Each package's parsed bytes and, in proportion within each file, its compressed bytes; largest first, the rest as one row. */
function packageRows(scripts: readonly ScriptUse[]): string[][] {
  const byPackage = new Map<string, { transferred: number; parsed: number }>();
  for (const script of scripts) {
    const mapped = sum(Object.values(script.packages), (bytes) => bytes) || 1;
    for (const [name, bytes] of Object.entries(script.packages)) {
      const entry = byPackage.get(name) ?? { transferred: 0, parsed: 0 };
      entry.parsed += (bytes / mapped) * script.parsed;
      entry.transferred += (bytes / mapped) * script.transferred;
      byPackage.set(name, entry);
    }
  }
  const total = sum([...byPackage.values()], (entry) => entry.parsed) || 1;
  const sorted = [...byPackage.entries()].sort((a, b) => b[1].parsed - a[1].parsed);
  const shown = sorted.slice(0, 12);
  const rest = sorted.slice(12);
  const rows = shown.map(([name, entry]) => [
    name,
    kB(entry.transferred),
    kB(entry.parsed),
    `${((entry.parsed / total) * 100).toFixed(1)} %`,
  ]);
  if (rest.length > 0) {
    const parsed = sum(rest, ([, entry]) => entry.parsed);
    rows.push([
      `${rest.length} others`,
      kB(sum(rest, ([, entry]) => entry.transferred)),
      kB(parsed),
      `${((parsed / total) * 100).toFixed(1)} %`,
    ]);
  }
  rows.push(['total', kB(sum(scripts, (script) => script.transferred)), kB(sum(scripts, (script) => script.parsed)), '100 %']);
  return rows;
}

/** The localStorage a TENANT administrator's browser holds after signing in through the console, and its token. */
async function signedInStorage(browser: Browser, baseURL: string): Promise<{ storage: Record<string, string>; token: string }> {
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email').fill(tenantAdmin.email);
    await page.getByLabel('Password').fill(tenantAdmin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/home');
    const origin = (await context.storageState()).origins.find((entry) => entry.origin === new URL(baseURL).origin);
    const storage = Object.fromEntries((origin?.localStorage ?? []).map(({ name, value }) => [name, value]));
    if (!storage.access_token) throw new Error('The console stored no token after signing in');
    return { storage, token: storage.access_token };
  } finally {
    await context.close();
  }
}

function atLeast(name: string, fallback: number, minimum: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < minimum) throw new Error(`${name} must be a whole number of at least ${minimum}`);
  return value;
}
