import type { KyInstance } from 'ky';
import type { SessionState, VinapseToken } from '../domain/session';
import { isVideoTenant, type VideoAccess, type VideoFailure } from '../domain/video';
import { toFailure } from './http';

/** A token this close to its expiry is refreshed rather than handed to a frame that will use it for a while. */
export const TOKEN_SAFETY_MARGIN_MS = 30_000;

interface RefreshJwtAnswer {
  success?: unknown;
  jwtTokens?: { vinapse?: Partial<VinapseToken> | null } | null;
  error?: unknown;
}

export interface VideoTokenOptions {
  http: KyInstance;
  readSession: () => SessionState | null;
  readAccessToken: () => string | null;
  /** Keeps a refreshed token with the session. */
  storeToken: (vinapse: VinapseToken) => void;
  now?: () => number;
}

const isToken = (value: Partial<VinapseToken> | null | undefined): value is VinapseToken =>
  typeof value?.token === 'string' && value.token !== '' && typeof value.expiresAt === 'string';

const isHttpUrl = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

const isAbort = (error: unknown, signal: AbortSignal | undefined) =>
  signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');

/**
 * The video service's token: the session's while it is valid, else a fresh one from `POST auth/refresh-jwt`.
 * Rejects with a {@link VideoFailure}.
 */
export function createVideoTokens({ http, readSession, readAccessToken, storeToken, now = Date.now }: VideoTokenOptions) {
  const refresh = async (signal: AbortSignal | undefined): Promise<VinapseToken> => {
    let answer: RefreshJwtAnswer;
    try {
      answer = await http.post('auth/refresh-jwt', { signal }).json<RefreshJwtAnswer>();
    } catch (error) {
      if (isAbort(error, signal)) throw { kind: 'aborted' } satisfies VideoFailure;
      const failure = await toFailure(error);
      if (failure.kind === 'timeout') throw { kind: 'aborted' } satisfies VideoFailure;
      throw {
        kind: 'refreshFailed',
        ...(failure.kind === 'http' && failure.message ? { message: failure.message } : {}),
      } satisfies VideoFailure;
    }
    const vinapse = answer.jwtTokens?.vinapse;
    if (answer.success !== true || !isToken(vinapse)) {
      throw {
        kind: 'refreshFailed',
        ...(typeof answer.error === 'string' && answer.error ? { message: answer.error } : {}),
      } satisfies VideoFailure;
    }
    return { token: vinapse.token, expiresAt: vinapse.expiresAt };
  };

  return {
    async obtain(signal?: AbortSignal): Promise<VideoAccess> {
      const state = readSession();
      const { enabled, tenantId, courseId, serviceUrl } = state?.vinapseConfig ?? {};
      // Only a DNS label may name the provider's subdomain (the API checks it too): nothing else reaches a frame.
      if (!enabled || !tenantId || !isVideoTenant(tenantId) || !courseId || !serviceUrl || !isHttpUrl(serviceUrl)) {
        throw { kind: 'configurationUnavailable' } satisfies VideoFailure;
      }
      const current = state?.jwtTokens?.vinapse;
      if (isToken(current) && Date.parse(current.expiresAt) - TOKEN_SAFETY_MARGIN_MS > now()) {
        return { serviceUrl, courseId, token: current.token };
      }
      if (!readAccessToken()) throw { kind: 'tokenUnavailable' } satisfies VideoFailure;
      const fresh = await refresh(signal);
      storeToken(fresh);
      return { serviceUrl, courseId, token: fresh.token };
    },
  };
}

export type VideoTokens = ReturnType<typeof createVideoTokens>;
