import '../../../../lib/dayjs-language.ts';
import { ORDER_SEARCH_PARAMS } from '@kelola/contracts/orders';
import { PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { ORDER_SORTS, PAYMENT_STATUSES } from '@kelola/contracts/orders';
import { MARKETPLACES } from '@kelola/contracts/channels';
import { Button, Checkbox, DatePicker, Flex, Input, List, Modal, Select, Tabs, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type BulkAction, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { ApiError } from '../../../../lib/api-error.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { useWorkspaceId, withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useMe } from '../../../../lib/me-queries.ts';
import { useWarehouseScope, WarehouseFilter } from '../../../../components/warehouse-filter.tsx';
import { useBulkOrderAction, useOrderChannels, useOrders, type BulkResultItem, type OrderRow } from '../../api/orders-api.ts';
import { CancelOrderModal } from '../../components/cancel-order-modal.tsx';
import { OrderDetailDrawer } from '../../components/order-detail-drawer.tsx';
import { ChannelTag, OrderStatusTag } from '../../components/order-tags.tsx';
import { ParamSearch } from '../../../../components/param-search.tsx';

/** The spec's order filters (part 4) in its order; `draft` belongs to the manual order list only. */
export const SALES_TABS = [
  'all',
  'unpaid',
  'new',
  'confirmed',
  'on_process',
  'confirm_cancellation',
  'shipped',
  'delivered',
  'canceled',
  'completed',
  'ready_to_ship',
  'cancel_requested',
] as const;

/** URL keys of the list. `shop`, `business` and `warehouse` are the list's own: the `_id` keys belong to the top bar. */
export const SALES_FILTERS = [
  'tab',
  'search_by',
  'q',
  'date_from',
  'date_to',
  'shop',
  'marketplace',
  'business',
  'warehouse',
  'courier',
  'payment_status',
  'stock_short',
] as const;
export type SalesFilter = (typeof SALES_FILTERS)[number];

const DEFAULT_SORT: (typeof ORDER_SORTS)[number] = '-order_date';

/** The URL's filters as the API's query (GET /api/orders). */
export function toApiParams(params: Record<string, string | number>, fixedChannel: string | undefined, warehouseId: string | undefined) {
  const { shop, business, warehouse: _warehouse, ...rest } = params;
  const result: Record<string, string | number> = { ...rest };
  const channel = fixedChannel ?? shop;
  if (channel) result.channel_id = channel;
  if (business) result.business_id = business;
  if (warehouseId) result.warehouse_id = warehouseId;
  return result;
}

/**
 * /sales (every channel), /sales-channel/:id and /sales-channel-kino/:id (one shop): the spec's tabs with their
 * counts, search by a chosen parameter, filters, sort and page size in the URL, bulk accept and cancel with a result
 * per order, and the order's detail in a drawer (`?order=<id>`).
 */
export function SalesScreen({ manual = false }: { manual?: boolean } = {}) {
  const { t } = useTranslation('orders');
  const params_ = useParams();
  const channelParam = manual ? undefined : params_.id;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useListQuery<SalesFilter>({ filterKeys: SALES_FILTERS, defaultSort: DEFAULT_SORT });
  const canWriteSales = useCan('sales', 'WRITE');
  const canWriteManual = useCan('manual-order', 'WRITE');
  const canWrite = manual ? false : canWriteSales;
  const canListShops = useCan('store-list', 'READ');
  const channels = useOrderChannels(canListShops);
  const warehouses = useWarehouseScope(query.filters.warehouse);
  const params = { ...toApiParams(query.params, channelParam, warehouses.warehouseId), ...(manual ? { source: 'MANUAL' } : {}) };
  const list = useOrders(params);
  const [results, setResults] = useState<{ action: 'ACCEPT' | 'CANCEL'; items: BulkResultItem[]; rows: OrderRow[] } | null>(null);
  const [bulkCancel, setBulkCancel] = useState<{ keys: Key[]; rows: OrderRow[]; resolve: () => void } | null>(null);
  const bulk = useBulkOrderAction();
  const me = useMe(useWorkspaceId());

  const tab = query.filters.tab ?? 'all';
  const counts = list.data?.counts;
  const shop = channelParam ? channels.data?.items.find((channel) => channel.id === channelParam) : undefined;
  const openOrder = searchParams.get('order');
  const setOpenOrder = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('order', id);
      else next.delete('order');
      return next;
    });

  const runBulk = async (
    action: 'ACCEPT' | 'CANCEL',
    keys: Key[],
    rows: OrderRow[],
    reason?: { reason_id: string; reason_detail?: string },
  ) => {
    try {
      const answer = await bulk.mutateAsync({ action, order_ids: keys.map(String), ...reason });
      setResults({ action, items: answer.items, rows });
    } catch (error) {
      notifyHttpError(error);
    }
  };

  const bulkActions: BulkAction<OrderRow>[] | undefined = canWrite
    ? [
        { key: 'accept', label: t('bulk.accept'), onClick: (keys, rows) => runBulk('ACCEPT', keys, rows) },
        {
          key: 'cancel',
          label: t('bulk.cancel'),
          danger: true,
          onClick: (keys, rows) => new Promise<void>((resolve) => setBulkCancel({ keys, rows, resolve })),
        },
      ]
    : undefined;

  const columns: ListColumn<OrderRow>[] = [
    {
      title: t('columns.orderNumber'),
      dataIndex: 'order_number',
      render: (number: string, row) => (
        <Flex vertical>
          <Typography.Link onClick={() => setOpenOrder(row.id)} style={{ whiteSpace: 'nowrap' }}>
            {number}
          </Typography.Link>
          {row.stock_short && (
            <Tag color="red" icon={<WarningOutlined />} data-testid="stock-short" style={{ width: 'fit-content' }}>
              {t('stockShort.tag')}
            </Tag>
          )}
          {row.has_unmapped_lines && (
            <Tag color="orange" style={{ width: 'fit-content' }}>
              {t('lines.unmappedTag')}
            </Tag>
          )}
        </Flex>
      ),
    },
    { title: t('columns.channel'), key: 'channel', render: (_value, row) => <ChannelTag order={row} /> },
    {
      title: t('columns.orderDate'),
      dataIndex: 'order_date',
      sortField: 'order_date',
      render: (value: string) => <DateText value={value} />,
    },
    {
      title: t('columns.buyer'),
      key: 'buyer',
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.buyer_name ?? '-'}</span>
          {row.buyer_phone && <Typography.Text type="secondary">{row.buyer_phone}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('columns.items'), dataIndex: 'total_item', align: 'right' },
    {
      title: t('columns.total'),
      dataIndex: 'buyer_total',
      sortField: 'buyer_total',
      align: 'right',
      render: (value: number) => <MoneyText value={value} />,
    },
    { title: t('columns.payment'), dataIndex: 'payment_status', render: (value: string) => t(`payment.${value}`) },
    {
      title: t('columns.courier'),
      key: 'courier',
      render: (_value, row) => (
        <Flex vertical>
          <span>{row.courier_name ?? '-'}</span>
          {row.receipt_number && <Typography.Text type="secondary">{row.receipt_number}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_value, row) => (
        <Flex vertical gap={2}>
          <OrderStatusTag status={row.status} />
          {row.marketplace_status && <Typography.Text type="secondary">{row.marketplace_status}</Typography.Text>}
          {row.marketplace_action?.state === 'SENDING' && (
            <Typography.Text type="secondary">{t('marketplaceAction.sendingShort')}</Typography.Text>
          )}
          {row.marketplace_action?.state === 'FAILED' && (
            <Tooltip title={row.marketplace_action.message}>
              <Typography.Text type="danger">{t('marketplaceAction.failedShort')}</Typography.Text>
            </Tooltip>
          )}
        </Flex>
      ),
    },
  ];

  const range =
    query.filters.date_from && query.filters.date_to
      ? ([dayjs(query.filters.date_from), dayjs(query.filters.date_to)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;
  const businessOptions = (me.data?.businessList ?? []).flatMap((entry) =>
    entry.business_id ? [{ value: entry.business_id, label: entry.business_name ?? entry.name }] : [],
  );

  const filters = (
    <>
      <ParamSearch
        params={ORDER_SEARCH_PARAMS.map((param) => ({ value: param, label: t(`search.by.${param}`) }))}
        texts={{ parameter: t('search.parameter'), placeholder: t('search.placeholder') }}
        widths={{ parameter: 190, text: 280 }}
        value={{ searchBy: query.filters.search_by, q: query.filters.q }}
        onSearch={({ searchBy, q }) => query.setFilters({ search_by: searchBy, q })}
      />
      <DatePicker.RangePicker
        data-testid="filter-date"
        aria-label={t('filters.date')}
        value={range}
        onChange={(dates) => query.setFilters({ date_from: dates?.[0]?.format('YYYY-MM-DD'), date_to: dates?.[1]?.format('YYYY-MM-DD') })}
      />
      {!channelParam && !manual && (
        <Select
          data-testid="filter-marketplace"
          style={{ minWidth: 160 }}
          allowClear
          placeholder={t('filters.marketplace')}
          aria-label={t('filters.marketplace')}
          value={query.filters.marketplace}
          options={MARKETPLACES.map((marketplace) => ({ value: marketplace, label: t(`marketplace.${marketplace}`) }))}
          onChange={(value?: string) => query.setFilters({ marketplace: value })}
        />
      )}
      {!channelParam && canListShops && (
        <Select
          data-testid="filter-shop"
          style={{ minWidth: 200 }}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filters.shop')}
          aria-label={t('filters.shop')}
          loading={channels.isFetching}
          value={query.filters.shop}
          options={(channels.data?.items ?? []).map((channel) => ({
            value: channel.id,
            label: `${t(`marketplace.${channel.marketplace.toLowerCase()}`, { defaultValue: channel.marketplace })} · ${channel.name}`,
          }))}
          onChange={(value?: string) => query.setFilters({ shop: value })}
        />
      )}
      {businessOptions.length > 0 && (
        <Select
          data-testid="filter-business"
          style={{ minWidth: 180 }}
          allowClear
          placeholder={t('filters.business')}
          aria-label={t('filters.business')}
          value={query.filters.business}
          options={businessOptions}
          onChange={(value?: string) => query.setFilters({ business: value })}
        />
      )}
      <WarehouseFilter
        value={query.filters.warehouse}
        options={warehouses.options}
        loading={warehouses.loading}
        onChange={(value) => query.setFilters({ warehouse: value })}
      />
      <Input.Search
        key={query.filters.courier ?? ''}
        data-testid="filter-courier"
        style={{ width: 180 }}
        allowClear
        defaultValue={query.filters.courier}
        placeholder={t('filters.courier')}
        aria-label={t('filters.courier')}
        onSearch={(value) => query.setFilters({ courier: value })}
      />
      <Select
        data-testid="filter-payment"
        style={{ minWidth: 160 }}
        allowClear
        placeholder={t('filters.payment')}
        aria-label={t('filters.payment')}
        value={query.filters.payment_status}
        options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`payment.${status}`) }))}
        onChange={(value?: string) => query.setFilters({ payment_status: value })}
      />
      <Checkbox
        data-testid="filter-stock-short"
        checked={query.filters.stock_short === 'true'}
        onChange={(event) => query.setFilters({ stock_short: event.target.checked ? 'true' : null })}
      >
        {t('filters.stockShort')}
      </Checkbox>
      <Select
        data-testid="sort"
        style={{ minWidth: 200 }}
        aria-label={t('sort.label')}
        value={query.sort ?? DEFAULT_SORT}
        options={ORDER_SORTS.map((sort) => ({ value: sort, label: t(`sort.${sort}`) }))}
        onChange={(value: string) => query.setSort(value)}
      />
    </>
  );

  const title = manual ? t('manual.title') : channelParam ? t('titleShop', { shop: shop?.name ?? '' }).trim() : t('title');
  const tabs = manual ? [...SALES_TABS, 'draft' as const] : SALES_TABS;
  const createButton =
    manual && canWriteManual ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => void navigate(withWorkspaceQuery(`/manual-order/${params_.id ?? 'all'}/create`, location.search))}
      >
        {t('manual.create')}
      </Button>
    ) : undefined;
  const numberOf = (id: string) => results?.rows.find((row) => row.id === id)?.order_number ?? id;

  return (
    <Flex vertical gap={12}>
      <ListPage<OrderRow, SalesFilter>
        viewFilters={['tab']}
        title={title}
        actions={createButton}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={
          <Flex vertical gap={12} style={{ width: '100%' }}>
            <Tabs
              data-testid="order-tabs"
              activeKey={tab}
              onChange={(key) => query.setFilters({ tab: key === 'all' ? null : key })}
              items={tabs.map((key) => ({
                key,
                label: (
                  <span data-testid={`tab-${key}`}>
                    {t(`tabs.${key}`)} ({counts?.[key] ?? 0})
                  </span>
                ),
              }))}
            />
            <Flex gap={12} wrap align="flex-start">
              {filters}
            </Flex>
          </Flex>
        }
        bulkActions={bulkActions}
        empty={{ description: t('empty') }}
        minWidth={1200}
      />
      <OrderDetailDrawer orderId={openOrder} onClose={() => setOpenOrder(null)} />
      <CancelOrderModal
        orderId={bulkCancel ? String(bulkCancel.keys[0]) : null}
        open={bulkCancel !== null}
        busy={bulk.isPending}
        onCancel={() => {
          bulkCancel?.resolve();
          setBulkCancel(null);
        }}
        onSubmit={(reason) => {
          if (!bulkCancel) return;
          void runBulk('CANCEL', bulkCancel.keys, bulkCancel.rows, reason).finally(() => {
            bulkCancel.resolve();
            setBulkCancel(null);
          });
        }}
      />
      <Modal
        open={results !== null}
        title={results ? t('bulk.resultTitle', { ok: results.items.filter((i) => i.ok).length, total: results.items.length }) : ''}
        onCancel={() => setResults(null)}
        onOk={() => setResults(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <List
          data-testid="bulk-results"
          dataSource={results?.items ?? []}
          renderItem={(item) => (
            <List.Item>
              <Flex justify="space-between" style={{ width: '100%' }}>
                <span>{numberOf(item.order_id)}</span>
                {item.ok ? (
                  <Tag color="success">{t('bulk.ok')}</Tag>
                ) : (
                  <Typography.Text type="danger">
                    {errorText(
                      new ApiError(409, item.code ?? 'INTERNAL', item.code ?? '', {
                        status: item.status ? t(`status.${item.status}`) : '',
                      }),
                    )}
                  </Typography.Text>
                )}
              </Flex>
            </List.Item>
          )}
        />
      </Modal>
    </Flex>
  );
}
