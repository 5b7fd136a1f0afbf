import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { theme as antdTheme } from 'antd';
import { PlainFlex } from '../components/plain-flex.tsx';
import { PlainButton } from '../components/plain-button.tsx';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-load.ts';
import { PlainSecondary, PlainTitle } from '../components/plain-text.tsx';

/**
 * Shown in place of a screen that failed: a chunk that could not load (spec part 8) or an unexpected error. Drawn as
 * antd's Result (icon, title, text, action) with the theme's tokens: Result itself brings its 403/404/500
 * illustrations into the first screen, which every route's error element is part of (ADR 0044).
 */
export function RouteError() {
  const { t } = useTranslation('common');
  const { token } = antdTheme.useToken();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  const Icon = chunk ? ExclamationCircleFilled : CloseCircleFilled;
  return (
    <PlainFlex align="center" justify="center" style={{ minHeight: 360 }} data-testid="route-error">
      <PlainFlex
        vertical
        align="center"
        gap={token.marginMD}
        style={{ padding: `${token.paddingLG * 2}px ${token.paddingLG}px`, textAlign: 'center' }}
      >
        <Icon style={{ fontSize: 72, color: chunk ? token.colorWarning : token.colorError }} />
        <PlainTitle level={3} style={{ margin: 0, fontWeight: 400 }}>
          {t(chunk ? 'loadError.title' : 'errors.somethingWrong')}
        </PlainTitle>
        <PlainFlex vertical gap={4} style={{ color: token.colorTextDescription, fontSize: token.fontSize }}>
          <span>{t(chunk ? 'loadError.body' : 'errors.tryAgain')}</span>
          {chunk && (
            <PlainSecondary code data-testid="route-error-code">
              {error.code}
            </PlainSecondary>
          )}
        </PlainFlex>
        <PlainButton onClick={() => window.location.reload()} style={{ marginTop: token.marginXS }}>
          {t('loadError.reload')}
        </PlainButton>
      </PlainFlex>
    </PlainFlex>
  );
}
