import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Translations } from './en';

export type { Translations };

export const languages = ['en', 'it'] as const;

export type Language = (typeof languages)[number];

/** A language's texts: at once (tests), or a promise (the browser, one chunk per language). */
export type LoadTranslations = (language: Language) => Translations | Promise<Translations>;

/** Each language in a chunk of its own, fetched the first time that language is used. */
export const loadTranslationsOnDemand: LoadTranslations = (language) =>
  language === 'it' ? import('./it').then((module) => module.it) : import('./en').then((module) => module.en);

const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

/** The stored choice, else the first browser language we speak (it-IT → it), else English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const spoken = browserLanguages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return spoken ?? 'en';
}

export interface I18nOptions {
  /** Where the texts come from; each language's chunk, on demand, unless given. */
  load?: LoadTranslations;
  /** Told of every switch to another language (not of the first one). */
  onLanguageChange?: (language: Language) => void;
}

/**
 * An i18next instance that holds only the languages used so far: `language` at start, another once switched
 * to (`changeLanguage` resolves, and the views re-render, when its texts are there). Both languages are complete
 * (a test says so), so there is no fallback language to fetch as well.
 */
export function createI18n(language: Language, { load = loadTranslationsOnDemand, onLanguageChange }: I18nOptions = {}): i18n {
  const instance = i18next.createInstance();
  instance
    .use(initReactI18next)
    .use(resourcesToBackend((requested: string) => (isLanguage(requested) ? load(requested) : {})))
    .init({
      lng: language,
      fallbackLng: false,
      supportedLngs: languages,
      load: 'languageOnly',
      interpolation: { escapeValue: false },
      // With texts given at once, the instance is ready when this returns.
      initAsync: false,
    });
  if (onLanguageChange) {
    // i18next also says `languageChanged` when the first language's texts arrive: only a switch is reported.
    let current: string = language;
    instance.on('languageChanged', (changed) => {
      if (changed === current || !isLanguage(changed)) return;
      current = changed;
      onLanguageChange(changed);
    });
  }
  return instance;
}
