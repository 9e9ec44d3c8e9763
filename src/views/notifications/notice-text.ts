import type { TFunction } from 'i18next';
import type { Notice } from '../../machines/outcomes';

/** The API's words for a code, in the user's language (`apiErrors.{code}`), when the console knows the code. */
export function apiErrorText(
  code: string | undefined,
  params: Record<string, string | number> | undefined,
  t: TFunction,
  exists: (key: string) => boolean,
) {
  if (!code) return undefined;
  const key = `apiErrors.${code}`;
  const plural = typeof params?.count === 'number' && exists(`${key}_other`);
  return exists(key) || plural ? t(key, params ?? {}) : undefined;
}

/**
 * A notice in the user's language: the server's words (the whole text, or its `reason`) translated by their code
 * when the console knows it, else as the server wrote them; otherwise the notice's own key.
 */
export function noticeText(
  { messageKey, values, message, code, params }: Omit<Notice, 'severity'>,
  t: TFunction,
  exists: (key: string) => boolean,
) {
  const translated = apiErrorText(code, params, t, exists);
  if (message !== undefined) return translated ?? message;
  if (values?.reason !== undefined) return t(messageKey, { ...values, reason: translated ?? values.reason });
  return t(messageKey, values);
}
