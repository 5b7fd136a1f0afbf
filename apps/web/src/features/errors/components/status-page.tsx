import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type Props = { status: '403' | '404' | '500' | 'warning'; titleKey: string; bodyKey: string; to: string; actionKey: string };

/** A status page (404, 403, 500, user not found) with one way out. */
export function StatusPage({ status, titleKey, bodyKey, to, actionKey }: Props) {
  const { t } = useTranslation('common');
  return (
    <Result
      status={status}
      title={t(titleKey)}
      subTitle={t(bodyKey)}
      extra={
        <Link to={to}>
          <Button type="primary">{t(actionKey)}</Button>
        </Link>
      }
    />
  );
}
