import { MOVEMENT_TYPES, type MovementType } from '@kelola/contracts/inventory';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { SkuPicker, skuLabel } from '../../../../components/sku-picker.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMovements, type StockMovement } from '../../api/movement-api.ts';
import { ActorText } from '../../components/actor-text.tsx';
import { signedQuantity } from '../../components/movement-quantity.ts';
import { MovementReference } from '../../components/movement-reference.tsx';
import { MovementTypeTag } from '../../components/movement-type-tag.tsx';
import { ChangeText, QuantityText } from '../../components/quantity-text.tsx';
import { WAREHOUSE_FILTER, WarehouseFilter, useWarehouseScope } from '../../../../components/warehouse-filter.tsx';

const FILTERS = [WAREHOUSE_FILTER, 'type', 'catalog_id', 'reference_id'] as const;
type Filter = (typeof FILTERS)[number];

/** /inventory/stock-movement: the ledger, newest first, filtered by warehouse, type, SKU and reference. */
export function StockMovementScreen() {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSort: '-at' });
  const scope = useWarehouseScope(query.filters.warehouse);
  const type =
    query.filters.type && (MOVEMENT_TYPES as readonly string[]).includes(query.filters.type)
      ? (query.filters.type as MovementType)
      : undefined;
  const { [WAREHOUSE_FILTER]: _warehouse, type: _type, ...rest } = query.params;
  const params: Record<string, string | number> = { ...rest };
  if (type) params.type = type;
  if (scope.warehouseId) params.warehouse_id = scope.warehouseId;
  const list = useMovements(params);
  const detailLink = (id: string) => withWorkspaceQuery(`/inventory/detail-stock-movement/${encodeURIComponent(id)}`, location.search);
  const pickedRow = query.filters.catalog_id ? list.data?.items.find((item) => item.catalog_id === query.filters.catalog_id) : undefined;

  const columns: ListColumn<StockMovement>[] = [
    {
      title: t('columns.date'),
      dataIndex: 'at',
      sortField: 'at',
      render: (at: string, row) => (
        <Link to={detailLink(row.id)}>
          <DateText value={at} />
        </Link>
      ),
    },
    { title: t('columns.type'), dataIndex: 'type', render: (value: MovementType) => <MovementTypeTag type={value} /> },
    { title: t('columns.sku'), dataIndex: 'sku', onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('columns.product'), dataIndex: 'name', onCell: () => ({ style: { minWidth: 200 } }) },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name' },
    {
      title: t('columns.quantity'),
      key: 'quantity',
      align: 'right',
      render: (_value, row) => <QuantityText value={signedQuantity(row)} signed />,
    },
    {
      title: t('columns.onHandChange'),
      key: 'on_hand',
      render: (_value, row) => <ChangeText before={row.on_hand_before} after={row.on_hand_after} />,
    },
    {
      title: t('columns.inOrderChange'),
      key: 'in_order',
      render: (_value, row) => <ChangeText before={row.in_order_before} after={row.in_order_after} />,
    },
    { title: t('columns.reference'), key: 'reference', render: (_value, row) => <MovementReference movement={row} /> },
    {
      title: t('columns.actor'),
      dataIndex: 'actor_id',
      render: (actorId: string | null, row) => <ActorText actorId={actorId} actorName={row.actor_name} />,
    },
    {
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      render: (_value, row) => <Link to={detailLink(row.id)}>{t('movement.detail')}</Link>,
    },
  ];

  const filters = (
    <>
      <WarehouseFilter
        value={scope.warehouseId}
        options={scope.options}
        loading={scope.loading}
        onChange={(value) => query.setFilters({ [WAREHOUSE_FILTER]: value })}
      />
      <Select
        data-testid="filter-type"
        style={{ minWidth: 200 }}
        allowClear
        placeholder={t('filters.type')}
        aria-label={t('filters.typeLabel')}
        options={MOVEMENT_TYPES.map((value) => ({ value, label: t(`movementType.${value}`) }))}
        value={type}
        onChange={(value?: string) => query.setFilters({ type: value })}
      />
      <SkuPicker
        value={query.filters.catalog_id}
        selectedLabel={pickedRow ? skuLabel(pickedRow) : undefined}
        placeholder={t('filters.sku')}
        onChange={(catalogId) => query.setFilters({ catalog_id: catalogId })}
        style={{ minWidth: 280 }}
      />
    </>
  );

  return (
    <ListPage<StockMovement, Filter>
      title={t('movement.title')}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      search={{ filter: 'reference_id', placeholder: t('movement.search') }}
      filters={filters}
      empty={{ description: t('movement.empty') }}
      minWidth={1300}
    />
  );
}
