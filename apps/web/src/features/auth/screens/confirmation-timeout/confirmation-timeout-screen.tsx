import { Button, Flex, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** /confirmation/registered/timeout: the confirmation link or code ran out before it was used. */
export function ConfirmationTimeoutScreen() {
  const { t } = useTranslation('auth');
  return (
    <Result
      status="warning"
      title={t('confirmation.timeoutTitle')}
      subTitle={t('confirmation.timeoutBody')}
      data-testid="confirmation-timeout"
      extra={
        <Flex gap={8} wrap justify="center">
          <Link to="/auth/login">
            <Button type="primary">{t('confirmation.toLogin')}</Button>
          </Link>
          <Link to="/auth/register">
            <Button>{t('confirmation.register')}</Button>
          </Link>
        </Flex>
      }
    />
  );
}
