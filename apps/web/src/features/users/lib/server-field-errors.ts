import type { FormInstance } from 'antd';
import { ApiError, isApiError } from '../../../lib/api-error.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { i18n } from '../../../lib/i18n.ts';

/**
 * Shows the server's field errors on the form. Some field issues carry an error code rather than a validation
 * key (PASSWORD_WRONG, ROLE_NAME_TAKEN, MEMBER_ALREADY_EXISTS): those read from the `errors` namespace.
 * Returns true when at least one error was placed on a field.
 */
export function showFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const fields = error.fieldIssues.map((issue) => {
    const code = issue.message ?? '';
    const translatable = /^[A-Z_]+$/u.test(code) && !i18n.exists(`validation:${code}`) && i18n.exists(`errors:${code}`);
    return translatable ? { ...issue, message: i18n.t(`errors:${code}`) } : issue;
  });
  return applyFieldErrors(form, new ApiError(error.status, error.code, error.message, { ...error.details, fields }));
}
