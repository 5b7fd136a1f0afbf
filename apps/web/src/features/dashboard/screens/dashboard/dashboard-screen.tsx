import { ApartmentOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useMe } from '../../../me/api/me-queries.ts';

/** /dashboard: a welcome card naming the active workspace (the dashboard figures are later work). */
export function DashboardScreen() {
  const { t } = useTranslation('dashboard');
  const [params] = useSearchParams();
  const me = useMe(params.get('workspace_id'));
  const user = me.data;
  if (!user) return null;
  const membership = user.user_workspaces.find((workspace) => workspace.workspace_id === user.workspace_id_active);
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <Card data-testid="welcome-card">
          <Typography.Title level={3} style={{ marginTop: 0 }}>
            {t('welcome', { name: user.full_name })}
          </Typography.Title>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('activeWorkspace', { workspace: user.workspace_id_active_name ?? '' })}
          </Typography.Paragraph>
          {user.role_name && <Typography.Text type="secondary">{t('role', { role: user.role_name })}</Typography.Text>}
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t(user.restriction_base === 'WAREHOUSE' ? 'warehouses' : 'businesses')} value={user.businessList.length} prefix={<ShopOutlined />} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('workspaces')} value={user.user_workspaces.length} prefix={<ApartmentOutlined />} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card>
          <Statistic title={t('restriction')} value={t(membership?.restriction_base === 'WAREHOUSE' ? 'restrictionWarehouse' : 'restrictionBusiness')} prefix={<TeamOutlined />} />
        </Card>
      </Col>
    </Row>
  );
}
