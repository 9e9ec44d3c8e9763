import type { Translations } from './en';

export const languages = ['en', 'it'] as const;

export type Language = (typeof languages)[number];

/** A language's texts: at once (tests), or a promise (the browser, one chunk per language). */
export type LoadTranslations = (language: Language) => Translations | Promise<Translations>;

/**
 * Each language in a chunk of its own, fetched the first time that language is used (the page asks for the first
 * one at start, before i18next is there: this module stays without it).
 */
export const loadTranslationsOnDemand: LoadTranslations = (language) =>
  language === 'it' ? import('./it').then((module) => module.it) : import('./en').then((module) => module.en);

export const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

/** The stored choice, else the first browser language we speak (it-IT → it), else English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const spoken = browserLanguages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return spoken ?? 'en';
}
