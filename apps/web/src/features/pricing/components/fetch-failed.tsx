import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Result, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';

type Props = { title: ReactNode; error: unknown; onRetry: () => void };

/** Spec part 8: a variable or formula list that cannot load says 'Gagal mengambil data', with a retry. */
export function FetchFailed({ title, error, onRetry }: Props) {
  const { t } = useTranslation('pricing');
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Card>
        <Result
          status="warning"
          title={t('fetchFailed')}
          subTitle={errorText(error)}
          data-testid="fetch-failed"
          extra={
            <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
              {t('retry')}
            </Button>
          }
        />
      </Card>
    </Flex>
  );
}
