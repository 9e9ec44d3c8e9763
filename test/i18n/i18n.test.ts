import { describe, expect, it, vi } from 'vitest';
import { createI18n, detectLanguage, resources } from '../../src/i18n';

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );

const valuesOf = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value)));

describe('translations', () => {
  it('have the same keys in Italian and English', () => {
    expect(keysOf(resources.it).sort()).toEqual(keysOf(resources.en).sort());
  });

  it('have no empty text', () => {
    for (const tree of Object.values(resources)) expect(valuesOf(tree).filter((text) => !text.trim())).toEqual([]);
  });

  it.each([
    ['validation.required', 'Required field', 'Campo obbligatorio'],
    ['validation.invalidEmail', 'Invalid email', 'Email non valida'],
    ['login.succeeded', 'Login successful', 'Accesso effettuato'],
    ['login.failed', 'Login failed', 'Accesso non riuscito'],
    ['login.submit', 'Sign in', 'Accedi'],
    ['feedback.deleteConfirm', 'Are you sure to delete?', 'Sei sicuro di voler eliminare?'],
    ['sidebar.rootAdmin', 'Root admin', 'Amministratore root'],
    ['menu.trainingPlans', 'Training plans', 'Piani formativi'],
  ])('translate %s', (key, english, italian) => {
    expect(createI18n('en').t(key)).toBe(english);
    expect(createI18n('it').t(key)).toBe(italian);
  });
});

describe('language', () => {
  it('is the stored choice first', () => {
    expect(detectLanguage('it', ['en-US'])).toBe('it');
    expect(detectLanguage('en', ['it-IT'])).toBe('en');
  });

  it('is the browser language when nothing valid is stored', () => {
    expect(detectLanguage(null, ['it-IT', 'en'])).toBe('it');
    expect(detectLanguage('fr', ['it'])).toBe('it');
    expect(detectLanguage(null, ['fr-FR', 'it-CH'])).toBe('it');
    expect(detectLanguage(null, ['en-GB', 'it'])).toBe('en');
  });

  it('is English otherwise', () => {
    expect(detectLanguage(null, ['fr-FR', 'de'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('reports a switch so it can be stored', async () => {
    const onLanguageChange = vi.fn();
    const i18n = createI18n('en', onLanguageChange);
    expect(onLanguageChange).not.toHaveBeenCalled();
    await i18n.changeLanguage('it');
    expect(onLanguageChange).toHaveBeenCalledWith('it');
    expect(i18n.t('menu.users')).toBe('Utenti');
  });
});
