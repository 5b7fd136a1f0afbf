import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Re-checks the fields that show an error when the language changes, so their messages follow the language. */
export function useRevalidateOnLanguage(form: FormInstance): void {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) void form.validateFields(withErrors).catch(() => undefined);
  }, [form, language]);
}
