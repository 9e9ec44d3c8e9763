import { scopes, type SessionState, type StoredSession } from '../domain/session';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const storageKeys = {
  token: 'access_token',
  session: 'session_state',
  rootSession: 'root_session',
  language: 'language',
  /** Prefix of the colour scheme's keys (`color_mode` and the schemes chosen for light and dark). */
  colorScheme: 'color_',
  /** The columns the last CSV import of users read each field from. */
  importMapping: 'user_import_mapping',
} as const;

/**
 * `store`, or while it refuses access (storage disabled by the browser, quota exceeded), a copy in memory: the
 * session then lasts as long as the tab instead of failing every call.
 */
function withMemory(store: KeyValueStore): KeyValueStore {
  const memory = new Map<string, string>();
  const attempt = (access: () => void) => {
    try {
      access();
    } catch {
      // The memory copy holds it.
    }
  };
  return {
    getItem(key) {
      try {
        return store.getItem(key);
      } catch {
        return memory.get(key) ?? null;
      }
    },
    setItem(key, value) {
      memory.set(key, value);
      attempt(() => store.setItem(key, value));
    },
    removeItem(key) {
      memory.delete(key);
      attempt(() => store.removeItem(key));
    },
  };
}

/**
 * The browser's memory of the session and the language; anything unreadable is treated as absent. Only reading
 * the stored session at start reports a storage refusing access (the session machine then starts signed out);
 * everything else falls back to memory for the tab's life.
 */
export function createStorage(browserStore: KeyValueStore) {
  const store = withMemory(browserStore);
  return {
    readToken: (): string | null => store.getItem(storageKeys.token),

    /** What an earlier visit stored; throws when the browser refuses access to its storage. */
    readSession(): StoredSession | null {
      const token = browserStore.getItem(storageKeys.token);
      const state = parseJson(browserStore.getItem(storageKeys.session));
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

    clearSessions() {
      store.removeItem(storageKeys.token);
      store.removeItem(storageKeys.session);
      store.removeItem(storageKeys.rootSession);
    },

    readLanguage: (): string | null => store.getItem(storageKeys.language),

    writeLanguage(language: string) {
      store.setItem(storageKeys.language, language);
    },

    /** The theme's choices (light, dark or system), stored beside the language. */
    readColorScheme: (key: string): string | null => store.getItem(`${storageKeys.colorScheme}${key}`),

    writeColorScheme(key: string, value: string) {
      store.setItem(`${storageKeys.colorScheme}${key}`, value);
    },

    /** The user import's column of each field, as last chosen: only the fields named by a text are kept. */
    readImportMapping(): Record<string, string> {
      const value = parseJson(store.getItem(storageKeys.importMapping));
      if (!isRecord(value)) return {};
      return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    },

    writeImportMapping(mapping: Record<string, string | null>) {
      store.setItem(storageKeys.importMapping, JSON.stringify(mapping));
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
