import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setDayjsLanguage } from '../lib/format.ts';
import { toLanguage } from '../lib/i18n.ts';
import { setNotifier } from '../lib/notify.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { PRIMARY_COLOR, useTheme, type Theme } from '../lib/ui-settings.ts';

export { PRIMARY_COLOR };

/** Hands antd's notification instance (themed and localised by the providers) to lib/notify. */
function NotificationBridge() {
  const { notification } = AntApp.useApp();
  useEffect(() => setNotifier({ error: (config) => notification.error(config), success: (config) => notification.success(config) }), [notification]);
  return null;
}

/** Query client, antd theme and locale (kept in step with i18next and dayjs), notifications. */
export function Providers({ children, theme: forcedTheme }: { children: ReactNode; theme?: Theme }) {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  const storedTheme = useTheme();
  const theme = forcedTheme ?? storedTheme;
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  // dayjs follows the language during render, so dates rendered right after a switch already use it.
  setDayjsLanguage(language);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme === 'dark' ? 'dark' : 'light';
  }, [theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language === 'en' ? enUS : idID}
        theme={{ token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6 }, algorithm: theme === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}
      >
        <AntApp>
          <NotificationBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
