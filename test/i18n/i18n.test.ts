import { describe, expect, it, vi } from 'vitest';
import { createI18n, detectLanguage, loadTranslationsOnDemand, type Language, type Translations } from '../../src/i18n';
import { bulkSkipCodes } from '../../src/domain/bulk';
import { loadTranslationsAtOnce, translations as resources } from '../support/translations';

const ready = (language: Language) => createI18n(language, { load: loadTranslationsAtOnce });

type Tree = { [key: string]: string | Tree };

const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`)));

const valuesOf = (tree: Tree): string[] => Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : valuesOf(value)));

describe('translations', () => {
  it('have the same keys in Italian and English', () => {
    expect(keysOf(resources.it).sort()).toEqual(keysOf(resources.en).sort());
  });

  // A new reason a bulk action may skip a row (contract/bulk-limits.ts) needs its words here before it can ship.
  it.each(bulkSkipCodes)('say in both languages why a bulk action skipped a row: %s', (code) => {
    const reasons = (language: Language) => (resources[language] as { bulk: { reason: Record<string, unknown> } }).bulk.reason;

    expect([typeof reasons('en')[code], typeof reasons('it')[code]]).toEqual(['string', 'string']);
    expect(reasons('it')[code]).not.toBe(reasons('en')[code]);
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
    ['list.search', 'Search', 'Cerca'],
    ['list.add', 'Add', 'Aggiungi'],
    ['list.edit', 'Edit', 'Modifica'],
    ['list.delete', 'Delete', 'Elimina'],
    ['list.assumeTenant', 'Assume tenant', 'Assumi il tenant'],
    ['list.empty', 'No records found', 'Nessun record trovato'],
    ['list.rowsPerPage', 'Rows per page:', 'Righe per pagina:'],
    ['list.nextPage', 'Go to next page', 'Vai alla pagina successiva'],
    ['list.previousPage', 'Go to previous page', 'Vai alla pagina precedente'],
    ['dialog.confirm', 'Confirm', 'Conferma'],
    ['dialog.cancel', 'Cancel', 'Annulla'],
    ['form.save', 'Save', 'Salva'],
    ['fields.confirmPassword', 'Confirm password', 'Conferma password'],
    ['fields.vinapseTenant', 'Video tenant', 'Tenant video'],
    ['assumedTenant.backToRoot', 'Back to root admin', "Torna all'amministratore root"],
    ['feedback.failedToCreate', 'Failed to create', 'Creazione non riuscita'],
    ['loadingError.company', 'Error loading company', "Errore nel caricamento dell'azienda"],
  ])('translate %s', (key, english, italian) => {
    expect(ready('en').t(key)).toBe(english);
    expect(ready('it').t(key)).toBe(italian);
  });
});

describe('translations with values', () => {
  it.each([
    ['list.sortAscending', { column: 'Name' }, 'Sort Name ascending', 'Ordina Name in modo crescente'],
    ['list.sortDescending', { column: 'Name' }, 'Sort Name descending', 'Ordina Name in modo decrescente'],
    ['list.displayedRows', { from: 1, to: 10, count: 23 }, '1–10 of 23', '1–10 di 23'],
    ['list.displayedRowsAbout', { from: 1, to: 10, count: 12000 }, '1–10 of about 12,000', '1–10 di circa 12.000'],
    ['validation.minLength', { count: 8 }, 'At least 8 characters', 'Almeno 8 caratteri'],
  ])('translate %s', (key, values, english, italian) => {
    expect(ready('en').t(key, values)).toBe(english);
    expect(ready('it').t(key, values)).toBe(italian);
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
    const i18n = createI18n('en', { load: loadTranslationsAtOnce, onLanguageChange });
    expect(onLanguageChange).not.toHaveBeenCalled();
    await i18n.changeLanguage('it');
    expect(onLanguageChange).toHaveBeenCalledWith('it');
    expect(i18n.t('menu.users')).toBe('Utenti');
  });
});

describe('texts loaded per language', () => {
  /** A loader whose answers the test releases, recording what was asked. */
  function heldLoader() {
    const requested: Language[] = [];
    const pending = new Map<Language, () => void>();
    const load = (language: Language) => {
      requested.push(language);
      return new Promise<Translations>((resolve) => pending.set(language, () => resolve(resources[language])));
    };
    return { load, requested, release: (language: Language) => pending.get(language)?.() };
  }

  it('fetches only the language in use at start, and speaks it once it is there', async () => {
    const loader = heldLoader();
    const i18n = createI18n('it', { load: loader.load });
    expect(loader.requested).toEqual(['it']);
    expect(i18n.hasLoadedNamespace('translation')).toBe(false);

    const loaded = new Promise((resolve) => i18n.on('initialized', resolve));
    loader.release('it');
    await loaded;
    expect(i18n.t('menu.users')).toBe('Utenti');
    expect(loader.requested).toEqual(['it']);
  });

  it('fetches another language when switched to, and switches once its texts are there', async () => {
    const loader = heldLoader();
    const onLanguageChange = vi.fn();
    const i18n = createI18n('en', { load: loader.load, onLanguageChange });
    loader.release('en');
    await vi.waitFor(() => expect(i18n.t('menu.users')).toBe('Users'));

    const switched = i18n.changeLanguage('it');
    expect(loader.requested).toEqual(['en', 'it']);
    expect(i18n.t('menu.users')).toBe('Users');
    expect(onLanguageChange).not.toHaveBeenCalled();
    loader.release('it');
    await switched;
    expect(i18n.t('menu.users')).toBe('Utenti');
    expect(onLanguageChange).toHaveBeenCalledWith('it');

    await i18n.changeLanguage('en');
    expect(loader.requested).toEqual(['en', 'it']);
    expect(i18n.t('menu.users')).toBe('Users');
  });

  it('come from a chunk per language in the console', async () => {
    expect(await loadTranslationsOnDemand('it')).toEqual(resources.it);
    expect(await loadTranslationsOnDemand('en')).toEqual(resources.en);
  });
});
