import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import { it } from './it';

export const resources = { en, it };

export type Language = keyof typeof resources;

export const languages = Object.keys(resources) as Language[];

const isLanguage = (value: string | null): value is Language => languages.some((language) => language === value);

/** The stored choice, else the first browser language we speak (it-IT → it), else English. */
export function detectLanguage(stored: string | null, browserLanguages: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  const spoken = browserLanguages.map((tag) => tag.slice(0, 2).toLowerCase()).find(isLanguage);
  return spoken ?? 'en';
}

export function createI18n(language: Language, onLanguageChange?: (language: Language) => void): i18n {
  const instance = i18next.createInstance();
  instance.use(initReactI18next).init({
    resources: { en: { translation: en }, it: { translation: it } },
    lng: language,
    fallbackLng: 'en',
    supportedLngs: languages,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  if (onLanguageChange) {
    instance.on('languageChanged', (changed) => {
      if (isLanguage(changed)) onLanguageChange(changed);
    });
  }
  return instance;
}
