import '../../../../lib/dayjs-language.ts';
import { PlusOutlined } from '@ant-design/icons';
import { PURCHASE_ORDER_STATUSES } from '@kelola/contracts/purchasing';
import { Button, DatePicker, Flex, Input, Select, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery, useUpdateSearchParams } from '../../../../components/use-list-query.ts';
import { useWarehouseScope, WarehouseFilter } from '../../../../components/warehouse-filter.tsx';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { usePurchaseOrders, useSupplierOptions, type PurchaseOrderRow } from '../../api/purchasing-api.ts';
import { PurchaseOrderDrawer } from '../../components/purchase-order-drawer.tsx';
import { PurchaseOrderStatusTag } from '../../components/purchase-order-status-tag.tsx';

/** URL keys of the list: the status tab and the filters (`supplier` and `warehouse` are the list's own). */
export const PURCHASE_ORDER_FILTERS = ['status', 'q', 'supplier', 'warehouse', 'date_from', 'date_to'] as const;
type Filter = (typeof PURCHASE_ORDER_FILTERS)[number];
/** The tab of every status. */
const ALL = 'ALL';
/** The URL key of the order shown in the drawer. */
const DETAIL = 'id';

/** The URL's filters as the API's query (GET /api/purchase-orders). */
export function toApiParams(params: Record<string, string | number>, warehouseId: string | undefined) {
  const { supplier, warehouse: _warehouse, ...rest } = params;
  return { ...rest, ...(supplier ? { supplier_id: supplier } : {}), ...(warehouseId ? { warehouse_id: warehouseId } : {}) };
}

/**
 * /purchase-order/list: a tab per status with its count, search by number, supplier, warehouse and order date
 * filters, all in the URL; a number opens the order in a drawer (`?id=<uuid>`) with its actions.
 */
export function PurchaseOrderListScreen() {
  const { t } = useTranslation('purchasing');
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const updateSearch = useUpdateSearchParams();
  const query = useListQuery<Filter>({ filterKeys: PURCHASE_ORDER_FILTERS });
  const canWrite = useCan('purchase-order', 'WRITE');
  // GET /api/suppliers needs READ on `supplier`: without it the list has no supplier filter.
  const canListSuppliers = useCan('supplier', 'READ');
  const suppliers = useSupplierOptions(canListSuppliers);
  const warehouses = useWarehouseScope(query.filters.warehouse);
  const list = usePurchaseOrders(toApiParams(query.params, warehouses.warehouseId));
  const status = query.filters.status ?? ALL;
  const counts = list.data?.counts;
  const allCount = counts ? PURCHASE_ORDER_STATUSES.reduce((sum, key) => sum + (counts[key] ?? 0), 0) : 0;

  const openId = searchParams.get(DETAIL);
  const setOpenId = (id: string | null) =>
    updateSearch((next) => {
      if (id) next.set(DETAIL, id);
      else next.delete(DETAIL);
    });

  const createButton = (testId: string, label: string) =>
    canWrite ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid={testId}
        onClick={() => void navigate(withWorkspaceQuery('/purchase-order/create', location.search))}
      >
        {label}
      </Button>
    ) : undefined;

  const columns: ListColumn<PurchaseOrderRow>[] = [
    {
      title: t('columns.number'),
      dataIndex: 'number',
      render: (number: string, row) => (
        <Typography.Link onClick={() => setOpenId(row.id)} style={{ whiteSpace: 'nowrap' }} data-testid={`po-${row.number}`}>
          {number}
        </Typography.Link>
      ),
    },
    { title: t('columns.supplier'), dataIndex: 'supplier_name' },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name', card: false },
    { title: t('columns.orderDate'), dataIndex: 'order_date', render: (value: string) => <DateText value={value} withTime={false} /> },
    {
      title: t('columns.expectedDate'),
      dataIndex: 'expected_date',
      card: false,
      render: (value: string | null) => <DateText value={value} withTime={false} />,
    },
    {
      title: t('columns.received'),
      key: 'received',
      align: 'right',
      render: (_value, row) => t('receivedOf', { received: row.received_quantity, total: row.total_quantity }),
    },
    { title: t('columns.total'), dataIndex: 'total', align: 'right', render: (value: number) => <MoneyText value={value} /> },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (value: PurchaseOrderRow['status']) => <PurchaseOrderStatusTag status={value} />,
    },
  ];

  const range =
    query.filters.date_from && query.filters.date_to
      ? ([dayjs(query.filters.date_from), dayjs(query.filters.date_to)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;

  return (
    <>
      <ListPage<PurchaseOrderRow, Filter>
        title={t('order.title')}
        actions={createButton('create-po', t('order.create'))}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        viewFilters={['status']}
        filters={
          <Flex vertical gap={12} style={{ width: '100%' }}>
            <Tabs
              data-testid="status-tabs"
              activeKey={status}
              onChange={(key) => query.setFilters({ status: key === ALL ? null : key })}
              items={[
                { key: ALL, label: t('order.all'), count: allCount },
                ...PURCHASE_ORDER_STATUSES.map((key) => ({ key, label: t(`status.${key}`), count: counts?.[key] ?? 0 })),
              ].map(({ key, label, count }) => ({
                key,
                label: (
                  <span data-testid={`tab-${key}`}>
                    {label} ({count})
                  </span>
                ),
              }))}
            />
            <Flex gap={12} wrap align="flex-start">
              <Input.Search
                // Remounts when the URL changes (back button) so the box shows the query's value.
                key={`q-${query.filters.q ?? ''}`}
                data-testid="filter-q"
                style={{ width: 260 }}
                allowClear
                defaultValue={query.filters.q}
                placeholder={t('filters.search')}
                aria-label={t('filters.search')}
                onSearch={(value) => query.setFilters({ q: value })}
              />
              {canListSuppliers && (
                <Select
                  data-testid="filter-supplier"
                  style={{ minWidth: 220 }}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('filters.supplier')}
                  aria-label={t('filters.supplier')}
                  loading={suppliers.isFetching}
                  options={suppliers.options}
                  value={query.filters.supplier}
                  onChange={(value?: string) => query.setFilters({ supplier: value })}
                />
              )}
              <WarehouseFilter
                value={query.filters.warehouse}
                options={warehouses.options}
                loading={warehouses.loading}
                onChange={(value) => query.setFilters({ warehouse: value })}
              />
              <DatePicker.RangePicker
                data-testid="filter-date"
                aria-label={t('filters.date')}
                value={range}
                onChange={(dates) =>
                  query.setFilters({ date_from: dates?.[0]?.format('YYYY-MM-DD'), date_to: dates?.[1]?.format('YYYY-MM-DD') })
                }
              />
            </Flex>
          </Flex>
        }
        empty={{ description: t('order.empty'), action: createButton('create-first-po', t('order.createFirst')) }}
        minWidth={1100}
      />
      <PurchaseOrderDrawer orderId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
