import { ConfigProvider, theme as antdTheme } from 'antd';
import { PlainFlex } from '../../components/plain-flex.tsx';
import useLayoutStyle from 'antd/es/layout/style';
import { useContext, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { changeLanguage, toLanguage, type Language } from '../../lib/i18n.ts';
import { PRIMARY_COLOR, useTheme } from '../../lib/ui-settings.ts';
import { LazySegmented } from '../../components/lazy-segmented.tsx';
import { PlainSecondary, PlainTitle } from '../../components/plain-text.tsx';

/**
 * antd's `Layout` as it draws itself without a `Sider` (its class and style hook): the component's module imports
 * `Sider`, which the sign-in page would load for nothing (ADR 0059).
 */
function PlainLayout({ style, children }: { style: CSSProperties; children: ReactNode }) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('layout');
  const [hashId, cssVarCls] = useLayoutStyle(prefixCls);
  return (
    <div className={`${prefixCls} ${hashId} ${cssVarCls}`} style={style}>
      {children}
    </div>
  );
}

/** Sign-in, sign-up, verification and auth status pages: one centred card. */
export function AuthLayout() {
  const { t, i18n } = useTranslation('common');
  const language = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const { token } = antdTheme.useToken();
  const dark = useTheme() === 'dark';
  const background = dark ? token.colorBgLayout : 'linear-gradient(160deg, #eef3ff 0%, #f7f9fc 60%)';
  return (
    <PlainLayout style={{ minHeight: '100vh', background }}>
      <PlainFlex vertical align="center" justify="center" style={{ minHeight: '100vh', padding: '32px 16px' }} gap={24}>
        <PlainFlex vertical align="center" gap={4}>
          <PlainTitle level={2} style={{ margin: 0, color: PRIMARY_COLOR }}>
            {t('appName')}
          </PlainTitle>
          <PlainSecondary>{t('tagline')}</PlainSecondary>
        </PlainFlex>
        {/* A card drawn with the theme's tokens: antd's Card brings Tabs (and its menu) into the first screen (ADR 0044). */}
        <div
          style={{
            width: '100%',
            maxWidth: 440,
            boxSizing: 'border-box',
            padding: 32,
            background: token.colorBgContainer,
            border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <Outlet />
        </div>
        <LazySegmented<Language>
          size="small"
          value={language}
          onChange={(value) => void changeLanguage(value)}
          options={[
            { value: 'id', label: t('languages.id') },
            { value: 'en', label: t('languages.en') },
          ]}
        />
      </PlainFlex>
    </PlainLayout>
  );
}
