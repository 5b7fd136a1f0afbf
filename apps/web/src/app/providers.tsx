import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { setDayjsLanguage } from '../lib/format.ts';
import { toLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

/** Spec part 9 and ARCHITECTURE §8: primary colour #4b7cf3. */
export const PRIMARY_COLOR = '#4b7cf3';

export function Providers({ children, dark = false }: { children: ReactNode; dark?: boolean }) {
  const [queryClient] = useState(createQueryClient);
  const { i18n } = useTranslation();
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);

  useEffect(() => {
    setDayjsLanguage(language);
    document.documentElement.lang = language;
  }, [language]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={language === 'en' ? enUS : idID}
        theme={{ token: { colorPrimary: PRIMARY_COLOR, borderRadius: 6 }, algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}
      >
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
