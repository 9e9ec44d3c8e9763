import { describe, expect, it } from 'vitest';
import { createStorage, storageKeys } from '../../src/api/storage';
import { globalLogin, stored } from '../support/fixtures/session';
import { memoryStore } from '../support/memory-store';

const session = stored(globalLogin);

describe('browser storage', () => {
  it('keeps the token and the session under access_token and session_state', () => {
    const store = memoryStore();
    createStorage(store).writeSession(session);
    expect(store.entries.get('access_token')).toBe(session.token);
    expect(JSON.parse(store.entries.get('session_state')!)).toEqual(session.state);
    expect(createStorage(store).readSession()).toEqual(session);
    expect(createStorage(store).readToken()).toBe(session.token);
  });

  it.each([
    ['nothing stored', {}],
    ['a token without a session', { access_token: 't' }],
    ['a session without a token', { session_state: JSON.stringify(session.state) }],
    ['unparseable JSON', { access_token: 't', session_state: '{"user":' }],
    ['JSON of another shape', { access_token: 't', session_state: '{"user":{"id":1}}' }],
    [
      'an unknown scope',
      { access_token: 't', session_state: JSON.stringify({ ...session.state, user: { ...session.state.user, scope: 'ROOT' } }) },
    ],
  ])('reads no session from %s', (_, entries) => {
    expect(createStorage(memoryStore(entries)).readSession()).toBeNull();
  });

  it('keeps the root session aside and clears everything on request', () => {
    const store = memoryStore({ language: 'it' });
    const storage = createStorage(store);
    storage.writeSession(session);
    storage.writeRootSession(session);
    expect(storage.readRootSession()).toEqual(session);
    storage.clearSessions();
    expect([...store.entries.keys()]).toEqual([storageKeys.language]);
    expect(storage.readRootSession()).toBeNull();
  });

  it('stores the language', () => {
    const store = memoryStore();
    const storage = createStorage(store);
    expect(storage.readLanguage()).toBeNull();
    storage.writeLanguage('it');
    expect(store.entries.get('language')).toBe('it');
  });

  describe('when the browser refuses access to its storage', () => {
    const refusing = () => {
      const refuse = () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      };
      return { getItem: refuse, setItem: refuse, removeItem: refuse };
    };

    it('says so when the stored session is read at start', () => {
      expect(() => createStorage(refusing()).readSession()).toThrow('insecure');
    });

    it('keeps the session and the language in memory for the tab, and forgets them on request', () => {
      const storage = createStorage(refusing());
      expect(storage.readToken()).toBeNull();
      expect(storage.readLanguage()).toBeNull();
      storage.writeSession(session);
      storage.writeRootSession(session);
      storage.writeLanguage('it');
      expect(storage.readToken()).toBe(session.token);
      expect(storage.readRootSession()).toEqual(session);
      expect(storage.readLanguage()).toBe('it');
      storage.clearSessions();
      expect(storage.readToken()).toBeNull();
      expect(storage.readRootSession()).toBeNull();
    });
  });
});
