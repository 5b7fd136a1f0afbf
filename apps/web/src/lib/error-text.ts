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
  for (const candidate of [issue.message, issue.code, issue.code?.toUpperCase()]) {
    if (!candidate || !/^[A-Z_]+$/u.test(candidate)) continue;
    // A rule key (REQUIRED, TOO_LONG …), or an error code placed on a field (PASSWORD_WRONG, SKU_TAKEN …).
    for (const ns of ['validation', 'errors']) {
      if (i18n.exists(`${ns}:${candidate}`)) return i18n.t(`${ns}:${candidate}`, values);
    }
  }
  return issue.message ?? i18n.t('validation:INVALID_FORMAT');
}
