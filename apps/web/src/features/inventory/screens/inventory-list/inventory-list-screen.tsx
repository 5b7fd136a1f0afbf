import { Button, Flex, Space, Tabs, Typography } from 'antd';
import type { StockBalance } from '@kelola/contracts/inventory';
import type { StockState } from '@kelola/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { DateText } from '../../../../components/date-text.tsx';
import { SkuPicker, skuLabel } from '../../../../components/sku-picker.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { useInventory } from '../../api/inventory-api.ts';
import { BinLocationsAction } from '../../../../components/bin-locations/bin-locations-action.tsx';
import { InventoryExportAction } from '../../components/inventory-export-action.tsx';
import { QuantityText } from '../../components/quantity-text.tsx';
import { StockDetailDrawer } from '../../components/stock-detail-drawer.tsx';
import { StockStateTag } from '../../components/stock-state-tag.tsx';
import { StockSyncAction } from '../../components/stock-sync-action.tsx';
import { WAREHOUSE_FILTER, WarehouseFilter, useWarehouseScope } from '../../../../components/warehouse-filter.tsx';

const FILTERS = ['status', WAREHOUSE_FILTER, 'catalog_id'] as const;
type Filter = (typeof FILTERS)[number];
const TABS = [
  { key: 'all', count: 'all' },
  { key: 'IN_STOCK', count: 'in_stock' },
  { key: 'OUT_OF_STOCK', count: 'out_of_stock' },
  { key: 'MINUS_STOCK', count: 'minus_stock' },
] as const;
const STATES: readonly string[] = ['IN_STOCK', 'OUT_OF_STOCK', 'MINUS_STOCK'];
const rowKey = (row: StockBalance) => `${row.warehouse_id}:${row.catalog_id}`;
type Row = StockBalance & { key: string };

/**
 * /inventory/list-inventoryv2: balances per warehouse × SKU with tabs per stock state and their counts, filters
 * (warehouse, SKU) and sort in the URL, a per-SKU stock drawer, export with a waiting modal and the stock sync.
 */
export function InventoryListScreen() {
  const { t } = useTranslation('inventory');
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSort: '-updated_at' });
  const scope = useWarehouseScope(query.filters.warehouse);
  const [open, setOpen] = useState<{ catalogId: string; title: string } | null>(null);

  const status = query.filters.status && STATES.includes(query.filters.status) ? (query.filters.status as StockState) : undefined;
  const { [WAREHOUSE_FILTER]: _warehouse, status: _status, ...rest } = query.params;
  const params: Record<string, string | number> = { ...rest };
  if (status) params.status = status;
  if (scope.warehouseId) params.warehouse_id = scope.warehouseId;
  const list = useInventory(params);
  const data = list.data ? { ...list.data, items: list.data.items.map((item) => ({ ...item, key: rowKey(item) })) } : undefined;

  // A SKU chosen from the URL: its rows say which SKU it is.
  const pickedRow = query.filters.catalog_id ? list.data?.items.find((item) => item.catalog_id === query.filters.catalog_id) : undefined;
  const openDetail = (row: StockBalance) => setOpen({ catalogId: row.catalog_id, title: skuLabel(row) });
  const quantity = (field: keyof StockBalance, label: string, more: Partial<ListColumn<Row>> = {}): ListColumn<Row> => ({
    title: t(`columns.${label}`),
    dataIndex: field,
    align: 'right',
    render: (value: number) => <QuantityText value={value} />,
    ...more,
  });
  // The ledger's details scroll under the figures a user acts on (available, unit, state), which stay pinned at the
  // right at any width; a phone's card leaves the details to the stock drawer.
  const detail = { card: false } as const;

  const columns: ListColumn<Row>[] = [
    {
      title: t('columns.sku'),
      dataIndex: 'sku',
      fixed: 'left',
      onCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (sku: string, row) => (
        <Typography.Link onClick={() => openDetail(row)} aria-label={t('list.openDetail', { sku })}>
          {sku}
        </Typography.Link>
      ),
    },
    { title: t('columns.product'), dataIndex: 'name', onCell: () => ({ style: { minWidth: 200 } }) },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    quantity('on_hand', 'onHand', { sortField: 'on_hand' }),
    quantity('in_order', 'inOrder', detail),
    quantity('allocated', 'allocated', detail),
    quantity('allocatable', 'allocatable', detail),
    quantity('safety_stock', 'safetyStock', detail),
    {
      title: t('columns.updated'),
      dataIndex: 'updated_at',
      sortField: 'updated_at',
      card: false,
      render: (value: string) => <DateText value={value} />,
    },
    quantity('available', 'available', { sortField: 'available', fixed: 'right' }),
    { title: t('columns.unit'), dataIndex: 'unit', fixed: 'right' },
    {
      title: t('columns.state'),
      dataIndex: 'stock_state',
      fixed: 'right',
      render: (state: StockState) => <StockStateTag state={state} />,
    },
    {
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      render: (_value, row) => (
        <Button type="link" size="small" onClick={() => openDetail(row)}>
          {t('list.detail')}
        </Button>
      ),
    },
  ];

  // Without access to the warehouse list, the warehouses on screen are the ones the member can sync.
  const syncWarehouses =
    scope.options.length > 0
      ? scope.options
      : [
          ...new Map(
            (list.data?.items ?? []).map((item) => [item.warehouse_id, { value: item.warehouse_id, label: item.warehouse_name }]),
          ).values(),
        ];

  const actions = (
    <Space wrap>
      <InventoryExportAction filters={{ warehouse_id: scope.warehouseId, status }} />
      <BinLocationsAction warehouseId={scope.warehouseId} />
      <PermissionGate menuKey="list-inventory" action="WRITE">
        <StockSyncAction
          warehouses={syncWarehouses}
          defaultWarehouseIds={scope.warehouseId ? [scope.warehouseId] : []}
          loadingWarehouses={scope.loading}
        />
      </PermissionGate>
    </Space>
  );

  const filters = (
    <>
      <WarehouseFilter
        value={scope.warehouseId}
        options={scope.options}
        loading={scope.loading}
        onChange={(value) => query.setFilters({ [WAREHOUSE_FILTER]: value })}
      />
      <SkuPicker
        stockedOnly
        value={query.filters.catalog_id}
        selectedLabel={pickedRow ? skuLabel(pickedRow) : undefined}
        placeholder={t('filters.sku')}
        onChange={(catalogId) => query.setFilters({ catalog_id: catalogId })}
        style={{ minWidth: 280 }}
      />
    </>
  );

  const counts = list.data?.counts;
  return (
    <Flex vertical gap={0}>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(key) => query.setFilters({ status: key === 'all' ? null : key })}
        items={TABS.map((tab) => ({ key: tab.key, label: `${t(`tabs.${tab.key}`)}${counts ? ` (${counts[tab.count]})` : ''}` }))}
      />
      <ListPage<Row, Filter>
        title={t('list.title')}
        actions={actions}
        query={query}
        columns={columns}
        rowKey="key"
        data={data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={filters}
        empty={{ description: t('list.empty') }}
        minWidth={1300}
      />
      <StockDetailDrawer catalogId={open?.catalogId ?? null} title={open?.title} onClose={() => setOpen(null)} />
    </Flex>
  );
}
