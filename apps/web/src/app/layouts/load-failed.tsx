import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text.ts';

/** The signed-in layout when the user could not be loaded: the error, try again or sign out. */
export function LoadFailed({ error, onRetry, onLogout }: { error: unknown; onRetry: () => void; onLogout: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="error"
      title={t('loadFailed')}
      subTitle={errorText(error)}
      extra={[
        <Button key="retry" type="primary" onClick={onRetry}>
          {t('retry')}
        </Button>,
        <Button key="logout" onClick={onLogout}>
          {t('userMenu.logout')}
        </Button>,
      ]}
    />
  );
}
