import { waitFor } from '@testing-library/react';

/** A request the console made, held until the path says how the network answers it. */
export interface HeldRequest {
  method: string;
  /** The path under the API base, without the query string: `auth/login`, `companies/c1`. */
  path: string;
  url: URL;
  body: unknown;
  headers: Headers;
  /** Answers with `status`, a JSON body (none for 204) and, if given, more headers (`retry-after`). */
  respond: (status: number, body?: unknown, headers?: Record<string, string>) => void;
  /** The connection fails: the console sees a network error. */
  fail: () => void;
}

/** Answers a background request at once: a call the path does not control (the rows of a page it only passes through). */
export type AutoAnswer = (request: HeldRequest) => { status: number; body?: unknown } | undefined;

export const apiBase = 'http://console.test/api/';

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(status === 204 || body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/**
 * The console's network, under the test's control: every API call is held until the test answers it (or an
 * auto-answer rule does), so each `done`/`error` of an invoked actor comes from a real response going through
 * the real HTTP client, API module and cache.
 */
export function controlledNetwork() {
  const held: HeldRequest[] = [];
  const answered: HeldRequest[] = [];
  const autoAnswers: AutoAnswer[] = [];

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    return new Promise<Response>((resolve, reject) => {
      const entry: HeldRequest = {
        method: request.method,
        path: url.pathname.replace(/^\/api\//, ''),
        url,
        // JSON as sent by every call but a file's upload (a QTI package), whose bytes stay text.
        body: text ? (request.headers.get('content-type')?.includes('json') === false ? text : (JSON.parse(text) as unknown)) : undefined,
        headers: request.headers,
        respond: (status, body, headers) => {
          answered.push(entry);
          resolve(jsonResponse(status, body, headers));
        },
        fail: () => {
          answered.push(entry);
          reject(new TypeError('Failed to fetch'));
        },
      };
      request.signal.addEventListener('abort', () => {
        const index = held.indexOf(entry);
        if (index >= 0) held.splice(index, 1);
        reject(request.signal.reason);
      });
      for (const rule of autoAnswers) {
        const answer = rule(entry);
        if (answer) return entry.respond(answer.status, answer.body);
      }
      held.push(entry);
    });
  };

  const matches = (method: string, path: string | RegExp) => (request: HeldRequest) =>
    request.method === method && (typeof path === 'string' ? request.path === path : path.test(request.path));

  return {
    fetch: fetch as typeof globalThis.fetch,
    /**
     * Waits for the console to make this call, and takes it out of the held ones for the test to answer. `latest`:
     * the last one made, where a call no actor waits for any more may still be held before it (a request that
     * cannot be aborted, such as a revocation the user's logout overtook).
     */
    async next(method: string, path: string | RegExp, which: 'first' | 'latest' = 'first'): Promise<HeldRequest> {
      let found: HeldRequest | undefined;
      await waitFor(() => {
        found = which === 'latest' ? held.findLast(matches(method, path)) : held.find(matches(method, path));
        if (!found)
          throw new Error(`no ${method} ${String(path)} held; held: ${held.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'}`);
      });
      held.splice(held.indexOf(found!), 1);
      return found!;
    },
    /** Answers every later matching call (and any already held) with `answer`, until the console closes. */
    always(method: string, path: string | RegExp, answer: (request: HeldRequest) => { status: number; body?: unknown }) {
      const rule: AutoAnswer = (request) => (matches(method, path)(request) ? answer(request) : undefined);
      autoAnswers.push(rule);
      for (const request of held.filter(matches(method, path))) {
        held.splice(held.indexOf(request), 1);
        const { status, body } = answer(request);
        request.respond(status, body);
      }
    },
    /** Answers the next matching call only (one already held, or the next one made); later ones are held as usual. */
    once(method: string, path: string | RegExp, answer: { status: number; body?: unknown }) {
      const waiting = held.find(matches(method, path));
      if (waiting) {
        held.splice(held.indexOf(waiting), 1);
        return waiting.respond(answer.status, answer.body);
      }
      let used = false;
      autoAnswers.push((request) => {
        if (used || !matches(method, path)(request)) return undefined;
        used = true;
        return answer;
      });
    },
    /** Calls made and not answered yet. */
    held: () => [...held],
    /** Calls answered so far, in order. */
    answered: () => [...answered],
  };
}

export type ControlledNetwork = ReturnType<typeof controlledNetwork>;
