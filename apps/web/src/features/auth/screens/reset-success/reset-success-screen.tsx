import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /auth/success: the password was reset. */
export function ResetSuccessScreen() {
  const { t } = useTranslation('auth');
  return (
    <Result
      status="success"
      title={t('resetSuccess.title')}
      subTitle={t('resetSuccess.body')}
      extra={
        <Link to="/auth/login">
          <Button type="primary">{t('resetSuccess.toLogin')}</Button>
        </Link>
      }
    />
  );
}
