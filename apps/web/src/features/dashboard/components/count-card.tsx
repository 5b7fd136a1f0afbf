import { RightOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';

type Props = {
  testId: string;
  title: string;
  icon: ReactNode;
  /** Null while it loads or when the user may not see it. */
  value: number | undefined;
  /** A line under the figure (e.g. "2 connected"). */
  note?: string;
  /** The screen of this figure; no link without the permission. */
  to: string | null;
  allowed: boolean;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
};

/** A figure of the workspace that opens its screen. */
export function CountCard({ testId, title, icon, value, note, to, allowed, loading, error, onRetry }: Props) {
  const { t } = useTranslation('dashboard');
  let content: ReactNode;
  if (!allowed) {
    content = <Statistic title={title} value="-" prefix={icon} />;
  } else if (error) {
    content = (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        <Alert type="warning" showIcon title={errorText(error)} />
        <Button size="small" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
          {t('retry')}
        </Button>
      </Flex>
    );
  } else {
    content = <Statistic title={title} value={value ?? 0} loading={loading} prefix={icon} />;
  }
  const footer = !allowed ? (
    <Typography.Text type="secondary">{t('noAccess')}</Typography.Text>
  ) : (
    <Flex justify="space-between" align="center">
      <Typography.Text type="secondary">{note ?? ''}</Typography.Text>
      {to && (
        <Link to={to}>
          {t('open')} <RightOutlined />
        </Link>
      )}
    </Flex>
  );
  return (
    <Card
      data-testid={testId}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      {content}
      <div style={{ marginTop: 'auto' }}>{footer}</div>
    </Card>
  );
}
