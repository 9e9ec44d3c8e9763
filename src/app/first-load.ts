import { createHttpClient } from '../api/http';
import type { PrimedAnswer } from '../api/resource-cache';
import { createResourceApi } from '../api/resources';
import { createStorage, type KeyValueStore } from '../api/storage';
import { listFields, resourceNames, type ResourceName } from '../domain/resource';
import type { Scope, StoredSession } from '../domain/session';
import type { Translations } from '../i18n/en';
import { detectLanguage, loadTranslationsOnDemand, type Language } from '../i18n/languages';
import { normalizeQuery, readFilters } from '../machines/list-query';
import { mayOpen, sectionPathsByScope } from '../views/layout/sections';
import { phoneMediaQuery } from '../views/list/phone-media';
import { readQuery } from '../views/list/read-query';
import { routeChunks, routeChunksElementId, type RouteChunk } from './route-chunks';

/** What a page of the console asks for as soon as it starts, from its address, before anything is rendered. */
export interface FirstLoad {
  /** The answers the route's screen will show, asked for already: the query cache starts with them. */
  primed: PrimedAnswer[];
  /** The page's first language and its texts, asked for at start (the browser); null in tests, whose texts come at once. */
  texts?: Promise<FirstTexts | null>;
}

/** The texts of the language a page starts in. */
export interface FirstTexts {
  language: Language;
  translations: Translations;
}

export interface FirstLoadEnvironment {
  location: { pathname: string; search: string };
  store: KeyValueStore;
  browserLanguages: readonly string[];
  /** The API base; `/api/` (same origin) unless given. */
  apiUrl?: string;
  /** The transport of the requests; the browser's `fetch` unless given. */
  fetch?: typeof globalThis.fetch;
  /** The page, whose language's texts and route's code are fetched as well (the browser); tests have no chunks. */
  page?: Pick<Document, 'getElementById' | 'createElement' | 'head'>;
  /** A phone's width (`phoneMediaQuery`): a list's two-line rows need no grid. */
  phone?: boolean;
}

const isResource = (section: string): section is ResourceName => resourceNames.some((name) => name === section);

/**
 * Fetches the code the screen at `path` needs, all at once: the files of each of its chunks as the build listed them
 * in the page (`<script type="application/json" id="route-chunks">`), each as a module preload. Only links: the
 * modules run when the console imports them, and the entry's own chunks stay as they are. Nothing for a page
 * signed out (the sign-in page is in the entry).
 */
export function preloadRouteChunks(
  path: string,
  page: Pick<Document, 'getElementById' | 'createElement' | 'head'>,
  options: { phone?: boolean } = {},
) {
  let files: Partial<Record<RouteChunk, string[]>>;
  try {
    files = JSON.parse(page.getElementById(routeChunksElementId)?.textContent ?? '{}') as typeof files;
  } catch {
    return;
  }
  const wanted = new Set(routeChunks(path, options).flatMap((chunk) => files[chunk] ?? []));
  for (const link of page.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'))
    wanted.delete(link.getAttribute('href') ?? '');
  for (const href of wanted) {
    const link = page.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    page.head.appendChild(link);
  }
}

/**
 * The answers the screen at `location` shows first, asked for now with the stored session's token, as its machine
 * will ask for them: a list's page as its address says (`?page=2&sortBy=name`, read as the list reads it), a record
 * by its id, home's counts of the scope's lists. Nothing for a screen the scope may not open.
 */
function firstAnswers(
  { pathname, search }: FirstLoadEnvironment['location'],
  scope: Scope,
  api: (resource: ResourceName) => ReturnType<typeof createResourceApi>,
): PrimedAnswer[] {
  if (!mayOpen(scope, pathname)) return [];
  const [, section = '', record, ...rest] = pathname.split('/');
  const list = (
    resource: ResourceName,
    query = normalizeQuery(readQuery(search), listFields[resource].sorts),
    filters = readFilters(search, listFields[resource].filters, scope),
  ): PrimedAnswer => {
    const request = { query, filters };
    return { resource, request, answer: api(resource).list(request) };
  };
  if (section === 'home') {
    return sectionPathsByScope[scope]
      .map((path) => path.slice(1))
      .filter(isResource)
      .map((resource) => list(resource, normalizeQuery({}, []), {}));
  }
  if (!isResource(section) || rest.length > 0) return [];
  if (record === undefined || record === '') return [list(section)];
  if (record === 'new') return [];
  return [{ resource: section, id: record, answer: api(section).get(record) }];
}

/**
 * Starts the page: its language's texts, and for a stored session the route's data and code, all at once. The
 * answers are handed to the console (`createConsole`'s `primed`); one that failed is asked for once more.
 */
export function startFirstLoad(environment: FirstLoadEnvironment): FirstLoad {
  const storage = createStorage(environment.store);
  const texts = environment.page ? { texts: firstTexts(detectLanguage(storage.readLanguage(), environment.browserLanguages)) } : {};
  let session: StoredSession | null;
  try {
    session = storage.readSession();
  } catch {
    // The browser refuses access to its storage: the console starts signed out.
    return { primed: [], ...texts };
  }
  if (!session) return { primed: [], ...texts };
  const http = createHttpClient({
    prefixUrl: environment.apiUrl,
    fetch: environment.fetch,
    getToken: storage.readToken,
    // An ended session is the session's own check to report (and the screen's request, asked again).
    onUnauthorized: () => undefined,
  });
  const primed = firstAnswers(environment.location, session.state.user.scope, (resource) => createResourceApi(http, resource));
  // Handled here as well: an answer nobody reads (the session ended meanwhile) is no unhandled rejection.
  for (const { answer } of primed) answer.catch(() => undefined);
  // The data first: over HTTP/1.1 the browser queues requests beyond six to a host, and the code is the larger part.
  if (environment.page) preloadRouteChunks(environment.location.pathname, environment.page, { phone: environment.phone ?? false });
  return { primed, ...texts };
}

/** A language's texts, asked for now; null when its chunk cannot be fetched (the console asks again, and says so). */
function firstTexts(language: Language): Promise<FirstTexts | null> {
  return Promise.resolve(loadTranslationsOnDemand(language)).then(
    (translations) => ({ language, translations }),
    () => null,
  );
}

let browserFirstLoad: FirstLoad | undefined;

/** Whether the page is as narrow as a phone now (`usePhone`'s query). */
export const isPhoneWidth = () => typeof window.matchMedia === 'function' && window.matchMedia(phoneMediaQuery).matches;

/** The browser page's first load: started by the entry's first script (`src/boot.ts`), else by the console itself. */
export function firstLoadOfThisPage(): FirstLoad {
  return (browserFirstLoad ??= startFirstLoad({
    location: window.location,
    store: window.localStorage,
    browserLanguages: navigator.languages,
    page: document,
    phone: isPhoneWidth(),
  }));
}
