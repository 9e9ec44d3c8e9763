import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumPath, chromiumArgs } from './chromium';
import { buildConsole, startConsoleServer } from './console-server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    apiURL: string;
    mailURL: string;
    browserWsEndpoint: string;
  }
}

/** Builds the console, starts the real server on a fresh embedded database, and one Chromium for every e2e file. */
export default async function setup(project: TestProject) {
  buildConsole();
  const server = await startConsoleServer();
  const browser: BrowserServer = await chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
  project.provide('baseURL', server.baseURL);
  project.provide('apiURL', server.apiURL);
  project.provide('mailURL', server.mailURL);
  project.provide('browserWsEndpoint', browser.wsEndpoint());

  return async () => {
    await browser.close();
    await server.stop();
  };
}
