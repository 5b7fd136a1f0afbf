import { CarOutlined, CloseCircleOutlined, HomeOutlined, ShopOutlined, ShoppingCartOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { useCan } from '../../../../components/use-can.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useChannelCount, useOrderTodo, useUserCount, useWarehouseCount, type OrderTodo } from '../../api/dashboard-api.ts';
import { CountCard } from '../../components/count-card.tsx';
import { DateRangeFilter } from '../../components/date-range-filter.tsx';
import { SetupChecklist } from '../../components/setup-checklist.tsx';

/** The orders waiting for the team, each opening its /sales tab. */
const TODO_CARDS = [
  { testId: 'todo-new-orders', title: 'todo.newOrders', icon: <ShoppingCartOutlined />, tab: 'new' },
  { testId: 'todo-ready-to-ship', title: 'todo.readyToShip', icon: <CarOutlined />, tab: 'ready_to_ship' },
  { testId: 'todo-cancel-requests', title: 'todo.cancelRequests', icon: <CloseCircleOutlined />, tab: 'cancel_requested' },
] as const satisfies readonly { testId: string; title: string; icon: ReactNode; tab: keyof OrderTodo }[];

/** /dashboard: the workspace at a glance (warehouses, users, channels), the orders waiting for the team and the period. */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const location = useLocation();
  const me = useMe(params.get('workspace_id'));
  const canWarehouses = useCan('warehouse', 'READ');
  const canUsers = useCan('user-management', 'READ');
  const canChannels = useCan('store-list', 'READ');
  const warehouses = useWarehouseCount(canWarehouses);
  const users = useUserCount(canUsers);
  const channels = useChannelCount(canChannels);
  const canOrders = useCan('sales', 'READ');
  const todo = useOrderTodo(canOrders);
  const user = me.data;
  if (!user) return null;
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  return (
    <Flex vertical gap={16}>
      <Card data-testid="welcome-card">
        <Flex justify="space-between" align="flex-end" wrap gap={16}>
          <div>
            <Typography.Title level={3} style={{ marginTop: 0 }}>
              {t('welcome', { name: user.full_name })}
            </Typography.Title>
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              {t('activeWorkspace', { workspace: user.workspace_id_active_name ?? '' })}
            </Typography.Paragraph>
            {user.role_name && <Typography.Text type="secondary">{t('role', { role: user.role_name })}</Typography.Text>}
          </div>
          <DateRangeFilter />
        </Flex>
      </Card>

      <SetupChecklist />

      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('workspaceTitle')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <CountCard
            testId="count-warehouses"
            title={t('counts.warehouses')}
            icon={<HomeOutlined />}
            value={warehouses.data}
            to={link('/warehouse')}
            allowed={canWarehouses}
            loading={warehouses.isPending}
            error={warehouses.error}
            onRetry={() => void warehouses.refetch()}
          />
        </Col>
        <Col xs={24} md={8}>
          <CountCard
            testId="count-users"
            title={t('counts.users')}
            icon={<TeamOutlined />}
            value={users.data}
            to={link('/user-management')}
            allowed={canUsers}
            loading={users.isPending}
            error={users.error}
            onRetry={() => void users.refetch()}
          />
        </Col>
        <Col xs={24} md={8}>
          <CountCard
            testId="count-channels"
            title={t('counts.channels')}
            icon={<ShopOutlined />}
            value={channels.data?.total}
            note={channels.data ? t('counts.connected', { count: channels.data.connected }) : undefined}
            to={link('/store')}
            allowed={canChannels}
            loading={channels.isPending}
            error={channels.error}
            onRetry={() => void channels.refetch()}
          />
        </Col>
      </Row>

      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('todo.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        {TODO_CARDS.map(({ testId, title, icon, tab }) => (
          <Col key={tab} xs={24} md={8}>
            <CountCard
              testId={testId}
              title={t(title)}
              icon={icon}
              value={todo.data?.[tab]}
              to={link(`/sales?tab=${tab}`)}
              allowed={canOrders}
              loading={todo.isPending}
              error={todo.error}
              onRetry={() => void todo.refetch()}
            />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
