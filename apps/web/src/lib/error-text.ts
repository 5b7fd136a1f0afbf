import { isApiError, NETWORK_ERROR_CODE } from './api-error.ts';
import { i18n } from './i18n.ts';

/** The text to show for a failed call: the `errors` namespace by code, else the server message. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    const key = `errors:${error.code}`;
    if (i18n.exists(key)) return i18n.t(key, { ...error.details });
    if (error.code === NETWORK_ERROR_CODE) return i18n.t('common:networkError');
    if (error.message) return error.message;
  }
  return i18n.t('errors:INTERNAL');
}

/** Translates a validation issue: the message when it is a key of `validation`, else its code, else the raw text. */
export function validationText(issue: { code?: string; message?: string }, values: Record<string, unknown> = {}): string {
  const serverText = issue.message && !CODE.test(issue.message) ? issue.message : undefined;
  for (const candidate of [issue.message, issue.code, issue.code?.toUpperCase()]) {
    if (!candidate || !CODE.test(candidate)) continue;
    // A rule key (REQUIRED, TOO_LONG …), or an error code placed on a field (PASSWORD_WRONG, SKU_TAKEN …).
    for (const ns of ['validation', 'errors']) {
      if (!i18n.exists(`${ns}:${candidate}`)) continue;
      const text = i18n.t(`${ns}:${candidate}`, values);
      // A rule with a limit ("Maksimal {{maximum}} karakter.") needs values only the server had: take its text.
      return serverText && /\{\{/u.test(text) ? serverText : text;
    }
  }
  return serverText ?? i18n.t('validation:INVALID_FORMAT');
}

const CODE = /^[A-Z_]+$/u;
