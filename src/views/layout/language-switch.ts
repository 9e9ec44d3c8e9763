import { useTranslation } from 'react-i18next';

/** The languages the console speaks, each named in its own language. */
export const languageEntries = [
  { language: 'it', labelKey: 'userMenu.italian' },
  { language: 'en', labelKey: 'userMenu.english' },
] as const;

export type LanguageCode = (typeof languageEntries)[number]['language'];

/**
 * The console's language and the switch to another: it applies at once, and src/app's i18n instance stores the
 * choice for the next visit. The user menu and the settings page share it.
 */
export function useLanguageSwitch() {
  const { i18n } = useTranslation();
  return {
    current: i18n.resolvedLanguage,
    switchTo: (language: LanguageCode) => void i18n.changeLanguage(language),
  };
}
