import i18next, { type i18n } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import type { Translations } from './en';
import { isLanguage, loadTranslationsOnDemand, languages, type Language, type LoadTranslations } from './languages';

export type { Translations };

export { detectLanguage, languages, loadTranslationsOnDemand, type Language, type LoadTranslations } from './languages';

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
