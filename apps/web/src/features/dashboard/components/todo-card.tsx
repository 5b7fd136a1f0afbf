import { Card, Flex, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { testId: string; title: string; icon: ReactNode };

/** A to-do figure that later work fills (new orders, ready to ship, low stock); until then it says why it is empty. */
export function TodoCard({ testId, title, icon }: Props) {
  const { t } = useTranslation('dashboard');
  return (
    <Card data-testid={testId} style={{ height: '100%' }}>
      <Flex vertical gap={8}>
        <Statistic title={title} value="-" prefix={icon} />
        <Typography.Text type="secondary">{t('todo.pending')}</Typography.Text>
      </Flex>
    </Card>
  );
}
