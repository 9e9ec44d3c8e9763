import { en } from '../../src/i18n/en';
import { it } from '../../src/i18n/it';
import type { LoadTranslations } from '../../src/i18n';

/** Both languages, imported here as tests need them: no chunk to wait for. */
export const translations = { en, it };

/** The texts of a language at once, so a console built in a test is ready to render. */
export const loadTranslationsAtOnce: LoadTranslations = (language) => translations[language];
