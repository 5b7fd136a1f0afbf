import { ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import idID from 'antd/es/locale/id_ID';
import type { Locale } from 'antd/es/locale';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { loadFormatLocale, setDayjsLanguage, useFormatLocale } from '../lib/format.ts';
import { toLanguage } from '../lib/i18n.ts';
import { AppServices } from './app-services.tsx';
import { QueryScope, type QueryScopeBox } from '../lib/query-scope.ts';
import { PRIMARY_COLOR, useReducedMotion, useTheme, type Theme } from '../lib/ui-settings.ts';

export { PRIMARY_COLOR };

/** The query client's scope (made at first use, app/query-provider.tsx), antd theme (without motion when the system asks for less) and locale (kept in step with i18next and dayjs), message, notification and modal. */
export function Providers({ children, theme: forcedTheme }: { children: ReactNode; theme?: Theme }) {
  const [queryScope] = useState<QueryScopeBox>(() => ({}));
  const { i18n } = useTranslation();
  const storedTheme = useTheme();
  const theme = forcedTheme ?? storedTheme;
  const reducedMotion = useReducedMotion();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  // dayjs follows the language during render, so dates rendered right after a switch already use it.
  setDayjsLanguage(language);
  // The chosen format locale (account settings) sets antd's locale; its file loads on demand.
  const formatLocale = useFormatLocale();
  const [loaded, setLoaded] = useState<{ code: string; locale: Locale } | null>(null);
  useEffect(() => {
    if (!formatLocale) return;
    let current = true;
    void loadFormatLocale(formatLocale).then(
      (locale) => {
        if (current && locale) setLoaded({ code: formatLocale, locale });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [formatLocale]);
  const antdLocale = loaded && loaded.code === formatLocale ? loaded.locale : language === 'en' ? enUS : idID;

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme === 'dark' ? 'dark' : 'light';
  }, [theme]);

  return (
    <QueryScope.Provider value={queryScope}>
      <ConfigProvider
        locale={antdLocale}
        theme={{
          token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6, motion: !reducedMotion },
          algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        }}
      >
        {/* antd's App (message, notification, modal) with its parts loaded when first wanted (ADR 0048). */}
        <AppServices>{children}</AppServices>
      </ConfigProvider>
    </QueryScope.Provider>
  );
}
