import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Calls `onChange` after the language in use changes (not on the first render): fields showing an error check again. */
export function useLanguageChange(onChange: () => void): void {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    onChange();
  }, [language, onChange]);
}
