import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/chromium';
import { buildConsole, startConsoleServer } from '../test/e2e/console-server';
import { browserProfiles } from './console-pages';
import { printTable } from './measure';

/**
 * Where a first visit of the companies list spends the main thread between the list's answer and its painted rows:
 * a Chromium performance trace (the DevTools timeline and the V8 sampling profiler) of the built console on the
 * mobile profile (slow 4G, 4× slower CPU), summed by kind of work and by the JS function that ran. A diagnosis tool
 * (`npx tsx bench/console-profile.ts`; `PROFILE_RUNS`, default 3; `PROFILE_BUILD=0` keeps dist/ as it is; `PROFILE_SPAN=frame`
 * for the span from the navigation to the first contentful paint instead), not a budget.
 */
const runs = Number(process.env.PROFILE_RUNS ?? 3);
/** `rows` (default): from the list's answer to its painted rows; `frame`: from the navigation to the first contentful paint. */
const span = process.env.PROFILE_SPAN === 'frame' ? 'frame' : 'rows';
const mobile = browserProfiles.find((profile) => profile.name === 'mobile')!;

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: {
      cpuProfile?: { nodes?: { id: number; callFrame: { functionName: string; url: string }; parent?: number }[]; samples?: number[] };
      timeDeltas?: number[];
    };
    name?: string;
  };
  id?: string;
}

if (process.env.PROFILE_BUILD !== '0') buildConsole();
const server = await startConsoleServer();
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
try {
  const setup = await browser.newContext({ baseURL: server.baseURL });
  const signIn = await setup.newPage();
  await signIn.goto('/login');
  await signIn.getByLabel('Email').fill('tenant.admin@example.com');
  await signIn.getByLabel('Password').fill('Demo-2026!');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await signIn.waitForURL('**/home');
  const storageState = await setup.storageState();
  await setup.close();

  const byKind = new Map<string, number[]>();
  const byFunction = new Map<string, number[]>();
  const windows: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const context = await browser.newContext({ ...mobile.context, baseURL: server.baseURL, storageState });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: mobile.throttle!.latencyMs,
      downloadThroughput: mobile.throttle!.downloadBytesPerSecond,
      uploadThroughput: mobile.throttle!.uploadBytesPerSecond,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: mobile.throttle!.cpuSlowdown });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      transferMode: 'ReportEvents',
      traceConfig: {
        includedCategories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'disabled-by-default-devtools.timeline.frame',
          'blink.user_timing',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
          'loading',
        ],
      },
    });
    await page.goto('/companies', { waitUntil: 'commit' });
    const shown = await page.waitForFunction(
      () => (document.querySelector('[role="grid"] [role="row"][data-id]') ? performance.now() : false),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const shownAt = (await shown.jsonValue()) as number;
    const [answeredAt, firstPaintAt] = await page.evaluate(() => [
      (
        performance
          .getEntriesByType('resource')
          .find((entry) => new URL(entry.name).pathname === '/api/companies') as PerformanceResourceTiming
      ).responseEnd,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    ]);
    await cdp.send('Tracing.end');
    await complete;
    await context.close();

    const navigationStart = events.find((event) => event.name === 'navigationStart' && event.cat.includes('blink.user_timing'));
    if (!navigationStart) throw new Error('The trace has no navigationStart');
    const from = navigationStart.ts + (span === 'rows' ? answeredAt! : 0) * 1000;
    const to = navigationStart.ts + (span === 'rows' ? shownAt : firstPaintAt!) * 1000;
    windows.push(span === 'rows' ? shownAt - answeredAt! : firstPaintAt!);
    const main = events.find(
      (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === navigationStart.pid,
    );
    const onMain = events
      .filter((event) => event.ph === 'X' && event.pid === navigationStart.pid && event.tid === main?.tid && event.dur !== undefined)
      .filter((event) => event.ts + event.dur! > from && event.ts < to)
      .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
    // Self time of each kind of work: its duration less that of the events nested in it, clipped to the window.
    const self = new Map<string, number>();
    const stack: { event: TraceEvent; end: number }[] = [];
    const clip = (start: number, end: number) => Math.max(0, Math.min(end, to) - Math.max(start, from));
    for (const event of onMain) {
      while (stack.length && stack.at(-1)!.end <= event.ts) stack.pop();
      const end = event.ts + event.dur!;
      const parent = stack.at(-1);
      if (parent) self.set(parent.event.name, (self.get(parent.event.name) ?? 0) - clip(event.ts, end));
      self.set(event.name, (self.get(event.name) ?? 0) + clip(event.ts, end));
      stack.push({ event, end });
    }
    for (const [name, micros] of self) if (micros > 0) byKind.set(name, [...(byKind.get(name) ?? []), micros / 1000]);

    // JS self time by function, from the sampling profiler's chunks (sample times are deltas in µs).
    const nodes = new Map<number, { functionName: string; url: string }>();
    const functions = new Map<string, number>();
    for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === navigationStart.pid)) {
      const profile = chunk.args?.data?.cpuProfile;
      for (const node of profile?.nodes ?? []) nodes.set(node.id, node.callFrame);
    }
    const profileStart = events.find((event) => event.name === 'Profile' && event.pid === navigationStart.pid);
    let time = (profileStart?.args?.data as { startTime?: number } | undefined)?.startTime ?? 0;
    let previous = time;
    for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === navigationStart.pid)) {
      const samples = chunk.args?.data?.cpuProfile?.samples ?? [];
      const deltas = chunk.args?.data?.timeDeltas ?? [];
      samples.forEach((nodeId, index) => {
        time += deltas[index] ?? 0;
        const frame = nodes.get(nodeId);
        if (time > from && time < to && frame) {
          const file = frame.url ? new URL(frame.url, server.baseURL).pathname.replace(/-[\w-]{8}\.js$/, '.js') : '';
          const key = `${frame.functionName || '(anonymous)'} ${file}`.trim();
          functions.set(key, (functions.get(key) ?? 0) + (time - previous) / 1000);
        }
        previous = time;
      });
    }
    for (const [key, ms] of functions) byFunction.set(key, [...(byFunction.get(key) ?? []), ms]);
  }

  const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / runs;
  console.log(
    `From the list's answer to painted rows, mobile profile: ${windows.map((ms) => ms.toFixed(0)).join(', ')} ms (${runs} runs).\n`,
  );
  console.log('## Main thread, self time by kind of work (mean ms per run)\n');
  printTable(
    ['work', 'ms'],
    [...byKind.entries()]
      .map(([name, values]) => [name, mean(values)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([name, ms]) => [name, ms.toFixed(1)]),
  );
  console.log('\n## JS self time by function (sampled; mean ms per run)\n');
  printTable(
    ['function file', 'ms'],
    [...byFunction.entries()]
      .map(([name, values]) => [name, mean(values)] as const)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([name, ms]) => [name, ms.toFixed(1)]),
  );
} finally {
  await browser.close();
  await server.stop();
}
