import { Alert, App, Button, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShopWarehouse, Store } from '@kelola/contracts/channel-shops';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useWarehouseOptions } from '../../../lib/warehouses.ts';
import { useEditMapping, useMapWarehouse, useMultiMapWarehouses, useShopWarehouses, useUnmapWarehouse } from '../api/shops-api.ts';

type Props = { store: Store | null; onClose: () => void };

/**
 * The shop's marketplace warehouses mapped to Kelola's (spec part 7): map one, edit or remove a mapping, or map every
 * warehouse at once. An unmapped warehouse says that its orders deduct no stock.
 */
export function WarehouseMappingModal({ store, onClose }: Props) {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const storeId = store?.id ?? '';
  const list = useShopWarehouses(store?.id ?? null);
  const ours = useWarehouseOptions(null, store !== null);
  const canWrite = useCan('store-list', 'WRITE');
  const map = useMapWarehouse(storeId);
  const edit = useEditMapping(storeId);
  const unmap = useUnmapWarehouse(storeId);
  const multi = useMultiMapWarehouses(storeId);
  const [choice, setChoice] = useState<Record<string, string>>({});
  const [all, setAll] = useState<string | undefined>();
  const done = (text: string) => () => void message.success(text);
  const failed = (error: unknown) => void message.error(errorText(error));
  const items = list.data?.items ?? [];
  const mappedAny = items.some((item) => item.mapping !== null);

  const save = (row: ShopWarehouse) => {
    const warehouseId = choice[row.id];
    if (!warehouseId) return;
    if (row.mapping) edit.mutate({ mappingId: row.mapping.id, warehouseId }, { onSuccess: done(t('mapping.saved')), onError: failed });
    else
      map.mutate({ marketplace_warehouse_id: row.id, warehouse_id: warehouseId }, { onSuccess: done(t('mapping.saved')), onError: failed });
  };

  return (
    <Modal
      open={store !== null}
      onCancel={onClose}
      footer={null}
      width={820}
      title={t('mapping.title', { name: store?.name ?? '' })}
      destroyOnHidden
    >
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('mapping.intro')}</Typography.Text>
        {list.data && !list.data.supported && <Alert type="info" showIcon message={t('mapping.unsupported')} />}
        {list.data && !mappedAny && <Alert type="warning" showIcon message={t('mapping.noneNotice')} />}
        {list.error && <Alert type="error" showIcon message={errorText(list.error)} />}
        <Table<ShopWarehouse>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={items}
          pagination={false}
          columns={[
            {
              title: t('mapping.marketplaceWarehouse'),
              dataIndex: 'name',
              render: (name: string, row) => (
                <Space direction="vertical" size={0}>
                  <Space size={4}>
                    <Typography.Text strong>{name}</Typography.Text>
                    {row.is_default && <Tag color="blue">{t('mapping.default')}</Tag>}
                  </Space>
                  <Typography.Text type="secondary">{[row.id, row.city].filter(Boolean).join(' · ')}</Typography.Text>
                  {!row.mapping && <Typography.Text type="warning">{t('mapping.unmappedNotice')}</Typography.Text>}
                </Space>
              ),
            },
            {
              title: t('mapping.ourWarehouse'),
              key: 'ours',
              width: 320,
              render: (_value, row) => (
                <Space>
                  <Select
                    style={{ width: 200 }}
                    placeholder={t('mapping.choose')}
                    aria-label={`${t('mapping.ourWarehouse')} ${row.name}`}
                    options={ours.options}
                    value={choice[row.id] ?? row.mapping?.warehouse_id}
                    disabled={!canWrite}
                    onChange={(value: string) => setChoice((current) => ({ ...current, [row.id]: value }))}
                  />
                  {canWrite && (
                    <Button
                      type="primary"
                      disabled={!choice[row.id] || choice[row.id] === row.mapping?.warehouse_id}
                      loading={map.isPending || edit.isPending}
                      onClick={() => save(row)}
                    >
                      {row.mapping ? t('mapping.save') : t('mapping.map')}
                    </Button>
                  )}
                </Space>
              ),
            },
            {
              title: '',
              key: 'unmap',
              width: 150,
              render: (_value, row) =>
                canWrite && row.mapping ? (
                  <Button
                    danger
                    type="link"
                    onClick={() => unmap.mutate(row.mapping?.id ?? '', { onSuccess: done(t('mapping.removed')), onError: failed })}
                  >
                    {t('mapping.unmap')}
                  </Button>
                ) : null,
            },
          ]}
        />
        {(list.data?.stale ?? []).length > 0 && (
          <Alert
            type="warning"
            message={t('mapping.stale')}
            description={(list.data?.stale ?? [])
              .map((mapping) => `${mapping.marketplace_warehouse_name} → ${mapping.warehouse_name}`)
              .join(', ')}
          />
        )}
        {canWrite && items.length > 1 && (
          <Space>
            <Typography.Text>{t('mapping.mapAll')}</Typography.Text>
            <Select style={{ width: 220 }} placeholder={t('mapping.choose')} options={ours.options} value={all} onChange={setAll} />
            <Button
              disabled={!all}
              loading={multi.isPending}
              onClick={() =>
                multi.mutate(
                  items.map((item) => ({ marketplace_warehouse_id: item.id, warehouse_id: all ?? '' })),
                  { onSuccess: done(t('mapping.saved')), onError: failed },
                )
              }
            >
              {t('mapping.map')}
            </Button>
          </Space>
        )}
      </Space>
    </Modal>
  );
}
