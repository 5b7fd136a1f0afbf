import { CheckCircleFilled, ClockCircleOutlined } from '@ant-design/icons';
import { Button, Card, Flex, List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../../components/use-can.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useChannelCount, useProductCount, useUserCount, useWarehouseCount } from '../api/dashboard-api.ts';

type Step = { key: 'warehouse' | 'products' | 'shop' | 'team'; done: boolean; actions: { label: string; to: string; primary?: boolean }[] };

/**
 * The first steps of a new workspace (add a warehouse, add or import products, connect a shop, invite the team),
 * each ticked from the workspace's own data (the lists' total_row) and linking to its screen. Steps the member
 * may not see are left out; the card is gone once every step it shows is done.
 */
export function SetupChecklist() {
  const { t } = useTranslation('dashboard');
  const location = useLocation();
  const navigate = useNavigate();
  const canWarehouses = useCan('warehouse', 'READ');
  const canProducts = useCan('product', 'READ');
  const canChannels = useCan('store-list', 'READ');
  const canUsers = useCan('user-management', 'READ');
  const warehouses = useWarehouseCount(canWarehouses);
  const products = useProductCount(canProducts);
  const channels = useChannelCount(canChannels);
  const users = useUserCount(canUsers);
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const counts = [canWarehouses && warehouses, canProducts && products, canChannels && channels, canUsers && users].filter(Boolean);
  // Wait for every figure: a checklist that ticks itself step by step while loading would flicker.
  if (counts.some((query) => query && (query.isPending || query.isError))) return null;

  const steps: Step[] = [];
  if (canWarehouses)
    steps.push({
      key: 'warehouse',
      done: (warehouses.data ?? 0) > 0,
      actions: [{ label: t('checklist.actions.warehouse'), to: '/warehouse/add-warehouse' }],
    });
  if (canProducts)
    steps.push({
      key: 'products',
      done: (products.data ?? 0) > 0,
      actions: [
        { label: t('checklist.actions.products'), to: '/product/create' },
        { label: t('checklist.actions.import'), to: '/product/import' },
      ],
    });
  if (canChannels)
    steps.push({
      key: 'shop',
      done: (channels.data?.connected ?? 0) > 0,
      actions: [{ label: t('checklist.actions.shop'), to: '/integration' }],
    });
  // The owner is the first member: the team is there once someone else is.
  if (canUsers)
    steps.push({
      key: 'team',
      done: (users.data ?? 0) > 1,
      actions: [{ label: t('checklist.actions.team'), to: '/user-management/invite-user' }],
    });

  const done = steps.filter((step) => step.done).length;
  if (steps.length === 0 || done === steps.length) return null;
  const next = steps.find((step) => !step.done)?.key;

  return (
    <Card data-testid="setup-checklist" title={t('checklist.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('checklist.description')}</Typography.Text>
        <Progress percent={Math.round((done / steps.length) * 100)} format={() => t('checklist.progress', { done, total: steps.length })} />
        <List
          dataSource={steps}
          renderItem={(step) => (
            <List.Item
              data-testid={`setup-step-${step.key}`}
              data-done={step.done}
              actions={
                step.done
                  ? [
                      <Typography.Text key="done" type="success">
                        {t('checklist.done')}
                      </Typography.Text>,
                    ]
                  : step.actions.map((action, i) => (
                      <Button
                        key={action.to}
                        type={step.key === next && i === 0 ? 'primary' : 'default'}
                        onClick={() => void navigate(link(action.to))}
                      >
                        {action.label}
                      </Button>
                    ))
              }
            >
              <List.Item.Meta
                avatar={
                  step.done ? (
                    <CheckCircleFilled style={{ color: '#52c41a', fontSize: 20 }} aria-label={t('checklist.done')} />
                  ) : (
                    <ClockCircleOutlined style={{ fontSize: 20 }} />
                  )
                }
                title={<Typography.Text delete={step.done}>{t(`checklist.steps.${step.key}`)}</Typography.Text>}
                description={t(`checklist.steps.${step.key}Hint`)}
              />
            </List.Item>
          )}
        />
      </Flex>
    </Card>
  );
}
