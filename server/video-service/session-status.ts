import type { FastifyBaseLogger } from 'fastify';
import { ServiceError } from './service-error';

/** What the service asks the API about a console token's session, signed with its own token for the tenant. */
export interface SessionQuestion {
  sessionId: string;
  tenant: string;
  course: string | null;
}

export interface SessionStatusOptions {
  /** `POST` target: the API's `/api/video-callbacks/session-status`, answering `{ active: boolean }`. */
  url: string;
  /** The service's token towards the API, for a video tenant. */
  serviceToken: (tenant: string) => Promise<string>;
  log: FastifyBaseLogger;
  /** How long an active answer is reused (a player's media requests come many at a time). */
  activeForMs?: number;
}

const requestTimeoutMs = 5_000;
const defaultActiveForMs = 5_000;
/** Answers kept at most; the oldest go first. */
const maxRemembered = 10_000;

/**
 * Whether the console session behind a token is still open: a token outlives a logout (15 minutes, 4 hours for a
 * player's media), so every page, upload and media request asks the API (token introspection, as RFC 7662 has it),
 * keeping nothing of the API's but the answer. A player's media requests (many per minute of video) reuse an active
 * answer for a few seconds; an ended session never comes back, so that answer is kept. The API unreachable: 503,
 * never a page, an upload or media on an unchecked session.
 */
export function sessionStatus({ url, serviceToken, log, activeForMs = defaultActiveForMs }: SessionStatusOptions) {
  const remembered = new Map<string, { active: boolean; until: number }>();
  const pending = new Map<string, Promise<boolean>>();

  async function ask({ sessionId, tenant, course }: SessionQuestion): Promise<boolean> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${await serviceToken(tenant)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ sessionId, course }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (error) {
      log.warn({ err: error }, 'the console API could not be asked whether a session is open');
      throw new ServiceError(503, 'sessionUnchecked');
    }
    if (!response.ok) {
      await response.body?.cancel();
      log.warn({ status: response.status }, 'the console API did not say whether a session is open');
      throw new ServiceError(503, 'sessionUnchecked');
    }
    const { active } = (await response.json()) as { active?: unknown };
    return active === true;
  }

  function remember(key: string, active: boolean) {
    if (remembered.size >= maxRemembered) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { active, until: active ? Date.now() + activeForMs : Infinity });
  }

  return {
    /**
     * Throws 401 `sessionEnded` when the session has ended (or no longer has this video tenant and course). Pages and
     * uploads always ask (`reuse` false); a player's media requests reuse an answer of the last few seconds.
     */
    async requireOpen(question: SessionQuestion, reuse = false): Promise<void> {
      const key = `${question.sessionId}|${question.tenant}|${question.course ?? ''}`;
      const known = remembered.get(key);
      let active: boolean;
      if (known && (known.until === Infinity || (reuse && known.until > Date.now()))) active = known.active;
      else {
        let asking = pending.get(key);
        if (!asking) {
          asking = ask(question).finally(() => pending.delete(key));
          pending.set(key, asking);
        }
        active = await asking;
        remember(key, active);
      }
      if (!active) throw new ServiceError(401, 'sessionEnded');
    },
  };
}

export type SessionStatus = ReturnType<typeof sessionStatus>;
