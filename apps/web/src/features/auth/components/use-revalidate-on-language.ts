import type { FormInstance } from 'antd';
import { useCallback } from 'react';
import { useLanguageChange } from '../../../lib/use-language-change.ts';

/** Re-checks the fields that show an error when the language changes, so their messages follow the language. */
export function useRevalidateOnLanguage(form: FormInstance): void {
  useLanguageChange(
    useCallback(() => {
      const withErrors = form
        .getFieldsError()
        .filter((field) => field.errors.length > 0)
        .map((field) => field.name);
      if (withErrors.length > 0) void form.validateFields(withErrors).catch(() => undefined);
    }, [form]),
  );
}
