import { PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type { IntegrationCode, Store } from '@kelola/contracts/channel-shops';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { StatusTag, type StatusTone } from '../../../../components/status-tag.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { startAuthorization, useStoreConnection, useStores } from '../../api/shops-api.ts';
import { ChannelHealthDrawer } from '../../components/channel-health-drawer.tsx';
import { EditStoreModal } from '../../components/edit-store-modal.tsx';
import { WarehouseMappingModal } from '../../components/warehouse-mapping-modal.tsx';
import { clearIntegration, returnPageUrl, saveIntegration } from '../../integration-storage.ts';

const TONES: Record<Store['status'], StatusTone> = { CONNECTED: 'success', DISCONNECTED: 'error', INACTIVE: 'default' };
const MARKETPLACE_NAMES: Record<Store['marketplace'], string> = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  lazada: 'Lazada',
  blibli: 'Blibli',
  zalora: 'Zalora',
};

/** /store (and /store-list): the workspace's shops with their status, warehouse mapping, health, disconnect and reconnect. */
export function StoreListScreen() {
  const { t } = useTranslation('shops');
  const { modal, message, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stores = useStores();
  const canWrite = useCan('store-list', 'WRITE');
  const connection = useStoreConnection();
  const [q, setQ] = useState('');
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const items = useMemo(
    () => (stores.data?.items ?? []).filter((store) => store.name.toLowerCase().includes(q.trim().toLowerCase())),
    [stores.data, q],
  );
  const byId = (id: string | null) => (stores.data?.items ?? []).find((store) => store.id === id) ?? null;
  const mapping = byId(params.get('warehouses'));
  const health = byId(params.get('health'));
  const editing = byId(params.get('edit'));
  const open = (key: 'warehouses' | 'health' | 'edit', id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(key, id);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const reauthorize = async (store: Store) => {
    const code = store.marketplace as IntegrationCode;
    try {
      saveIntegration(link('/integration'), code);
      const { url } = await startAuthorization(code, returnPageUrl(window.location.origin, code));
      window.location.assign(url);
    } catch (error) {
      clearIntegration();
      notification.error({ title: t('integration.failedTitle'), description: errorText(error) });
    }
  };

  const disconnect = (store: Store) =>
    modal.confirm({
      title: t('store.disconnect'),
      content: t('store.disconnectConfirm', { name: store.name }),
      okButtonProps: { danger: true },
      okText: t('store.disconnect'),
      onOk: () =>
        connection.mutateAsync(
          { storeId: store.id, action: 'disconnect' },
          { onSuccess: () => void message.success(t('store.disconnected', { name: store.name })) },
        ),
    });
  const reconnect = (store: Store) =>
    connection.mutate(
      { storeId: store.id, action: 'reconnect' },
      {
        onSuccess: () => void message.success(t('store.reconnected', { name: store.name })),
        onError: (error) => void message.error(errorText(error)),
      },
    );

  const addLinks = (
    <PermissionGate menuKey="store-list" action="WRITE">
      <Space>
        <Button onClick={() => void navigate(link('/admin-store'))}>{t('store.confirmStores')}</Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/integration'))}>
          {t('store.add')}
        </Button>
      </Space>
    </PermissionGate>
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('store.title')}
        </Typography.Title>
        {addLinks}
      </Space>
      <Input.Search allowClear placeholder={t('store.search')} style={{ maxWidth: 320 }} onChange={(event) => setQ(event.target.value)} />
      {stores.error && <Alert type="error" showIcon message={errorText(stores.error)} />}
      <Table<Store>
        rowKey="id"
        loading={stores.isFetching}
        dataSource={items}
        scroll={{ x: 960 }}
        locale={{ emptyText: t('store.empty') }}
        columns={[
          {
            title: t('store.columns.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{name}</Typography.Text>
                {!row.confirmed_at && <Tag color="warning">{t('store.unconfirmed')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('store.columns.marketplace'),
            dataIndex: 'marketplace',
            render: (code: Store['marketplace']) => MARKETPLACE_NAMES[code],
          },
          { title: t('store.columns.shopId'), dataIndex: 'shop_id' },
          {
            title: t('store.columns.status'),
            dataIndex: 'status',
            render: (status: Store['status']) => <StatusTag status={status} label={t(`store.status.${status}`)} tone={TONES[status]} />,
          },
          { title: t('store.columns.warehouse'), dataIndex: 'main_warehouse_name', render: (value: string | null) => value ?? '-' },
          {
            title: t('store.columns.mapping'),
            dataIndex: 'mapped_warehouses',
            render: (count: number) =>
              count > 0 ? t('store.mapped', { count }) : <Typography.Text type="warning">{t('store.notMapped')}</Typography.Text>,
          },
          {
            title: t('store.columns.action'),
            key: 'action',
            fixed: 'right',
            render: (_value, row) => (
              <Space wrap size={4}>
                <Button size="small" onClick={() => open('warehouses', row.id)} aria-label={`${t('store.warehouses')} ${row.name}`}>
                  {t('store.warehouses')}
                </Button>
                <Button
                  size="small"
                  onClick={() => void navigate(link(`/store/${row.id}/product/synchronize`))}
                  aria-label={`${t('store.products')} ${row.name}`}
                >
                  {t('store.products')}
                </Button>
                <Button size="small" onClick={() => open('health', row.id)} aria-label={`${t('store.health')} ${row.name}`}>
                  {t('store.health')}
                </Button>
                {canWrite && (
                  <Button size="small" onClick={() => open('edit', row.id)} aria-label={`${t('store.edit')} ${row.name}`}>
                    {t('store.edit')}
                  </Button>
                )}
                {canWrite &&
                  (row.status === 'CONNECTED' ? (
                    <Button size="small" danger onClick={() => disconnect(row)} aria-label={`${t('store.disconnect')} ${row.name}`}>
                      {t('store.disconnect')}
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="primary"
                      loading={connection.isPending}
                      onClick={() => (row.status_reason === 'REVOKED' ? void reauthorize(row) : reconnect(row))}
                      aria-label={`${t('store.reconnect')} ${row.name}`}
                    >
                      {t('store.reconnect')}
                    </Button>
                  ))}
              </Space>
            ),
          },
        ]}
      />
      <WarehouseMappingModal store={mapping} onClose={() => open('warehouses', null)} />
      <EditStoreModal store={editing} onClose={() => open('edit', null)} />
      <ChannelHealthDrawer store={health} onClose={() => open('health', null)} onReauthorize={(store) => void reauthorize(store)} />
    </Space>
  );
}
