import { scopes, type SessionState, type StoredSession } from '../domain/session';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKeys = {
  token: 'access_token',
  session: 'session_state',
  rootSession: 'root_session',
  language: 'language',
} as const;

/** The browser's memory of the session and the language; anything unreadable is treated as absent. */
export function createStorage(store: KeyValueStore) {
  return {
    readToken: (): string | null => store.getItem(storageKeys.token),

    readSession(): StoredSession | null {
      const token = store.getItem(storageKeys.token);
      const state = parseJson(store.getItem(storageKeys.session));
      return token && isSessionState(state) ? { token, state } : null;
    },

    writeSession({ token, state }: StoredSession) {
      store.setItem(storageKeys.token, token);
      store.setItem(storageKeys.session, JSON.stringify(state));
    },

    readRootSession(): StoredSession | null {
      const value = parseJson(store.getItem(storageKeys.rootSession));
      return isStoredSession(value) ? value : null;
    },

    writeRootSession(session: StoredSession) {
      store.setItem(storageKeys.rootSession, JSON.stringify(session));
    },

    clearRootSession() {
      store.removeItem(storageKeys.rootSession);
    },

    /** Best effort: a storage that refuses every access (disabled) holds nothing to clear. */
    clearSessions() {
      try {
        store.removeItem(storageKeys.token);
        store.removeItem(storageKeys.session);
        store.removeItem(storageKeys.rootSession);
      } catch {
        // A storage that refuses access holds no session to clear.
      }
    },

    /** Unreadable (storage disabled): no language is stored, the browser's is used. */
    readLanguage(): string | null {
      try {
        return store.getItem(storageKeys.language);
      } catch {
        return null;
      }
    },

    writeLanguage(language: string) {
      store.setItem(storageKeys.language, language);
    },
  };
}

export type BrowserStorage = ReturnType<typeof createStorage>;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isNamedRefOrNull(value: unknown): boolean {
  return value === null || (isRecord(value) && typeof value.name === 'string');
}

function isSessionState(value: unknown): value is SessionState {
  if (!isRecord(value) || !isRecord(value.user)) return false;
  const { user } = value;
  return (
    typeof user.id === 'string' &&
    typeof user.name === 'string' &&
    scopes.some((scope) => scope === user.scope) &&
    isNamedRefOrNull(value.tenant) &&
    isNamedRefOrNull(value.company)
  );
}

function isStoredSession(value: unknown): value is StoredSession {
  return isRecord(value) && typeof value.token === 'string' && isSessionState(value.state);
}
