import { PlusOutlined } from '@ant-design/icons';
import { Button, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useInbound, type InboundList } from '../../api/inventory-api.ts';
import { QuantityText } from '../../components/quantity-text.tsx';
import { WAREHOUSE_FILTER, WarehouseFilter, useWarehouseScope } from '../../../../components/warehouse-filter.tsx';

const FILTERS = [WAREHOUSE_FILTER, 'status', 'catalog_id'] as const;
type Filter = (typeof FILTERS)[number];
type Row = InboundList['items'][number];
const STATUSES = ['POSTED', 'DRAFT'] as const;

/** /inventory/inbound: posted goods receipts (drafts on request), by warehouse, status and SKU; a row opens its receipt. */
export function InboundScreen() {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSort: '-date' });
  const scope = useWarehouseScope(query.filters.warehouse);
  // The server lists posted receipts unless asked for drafts.
  const status = query.filters.status === 'DRAFT' ? 'DRAFT' : undefined;
  const { [WAREHOUSE_FILTER]: _warehouse, status: _status, ...rest } = query.params;
  const params: Record<string, string | number> = { ...rest };
  if (status) params.status = status;
  if (scope.warehouseId) params.warehouse_id = scope.warehouseId;
  const list = useInbound(params);
  const receiptLink = (id: string) => withWorkspaceQuery(`/inventory/goods-receipt?id=${encodeURIComponent(id)}`, location.search);

  const columns: ListColumn<Row>[] = [
    {
      title: t('columns.number'),
      dataIndex: 'number',
      sortField: 'number',
      render: (number: string, row) => (
        <Link to={receiptLink(row.id)} aria-label={t('inbound.open', { number })}>
          {number}
        </Link>
      ),
    },
    {
      title: t('columns.date'),
      dataIndex: 'date',
      sortField: 'date',
      render: (value: string) => <DateText value={value} withTime={false} />,
    },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name' },
    { title: t('columns.supplierReference'), dataIndex: 'supplier_reference', render: (value: string | null) => value || '-' },
    {
      title: t('columns.totalQuantity'),
      dataIndex: 'total_quantity',
      align: 'right',
      render: (value: number) => <QuantityText value={value} />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (value: Row['status']) => (
        <StatusTag status={value} label={t(`documentStatus.${value}`)} tone={value === 'POSTED' ? 'success' : 'default'} />
      ),
    },
    { title: t('columns.postedAt'), dataIndex: 'posted_at', render: (value: string | null) => <DateText value={value} /> },
    {
      title: t('columns.note'),
      dataIndex: 'note',
      render: (value: string | null) =>
        value ? (
          <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 240 }}>
            {value}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
  ];

  const actions = (
    <PermissionGate menuKey="goods-receipt" action="WRITE">
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => void navigate(withWorkspaceQuery('/inventory/goods-receipt/create', location.search))}
      >
        {t('inbound.create')}
      </Button>
    </PermissionGate>
  );

  const filters = (
    <>
      <WarehouseFilter
        value={scope.warehouseId}
        options={scope.options}
        loading={scope.loading}
        onChange={(value) => query.setFilters({ [WAREHOUSE_FILTER]: value })}
      />
      <Select
        data-testid="filter-status"
        style={{ minWidth: 160 }}
        aria-label={t('filters.status')}
        options={STATUSES.map((value) => ({ value, label: t(`documentStatus.${value}`) }))}
        value={status ?? 'POSTED'}
        onChange={(value: string) => query.setFilters({ status: value === 'POSTED' ? null : value })}
      />
      <SkuPicker
        stockedOnly
        value={query.filters.catalog_id}
        placeholder={t('filters.sku')}
        onChange={(catalogId) => query.setFilters({ catalog_id: catalogId })}
        style={{ minWidth: 280 }}
      />
    </>
  );

  return (
    <ListPage<Row, Filter>
      title={t('inbound.title')}
      actions={actions}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      filters={filters}
      empty={{ description: t('inbound.empty'), action: actions }}
      minWidth={1100}
    />
  );
}
