import '../../../lib/dayjs-language.ts';
import { ScanOutlined, WarningOutlined } from '@ant-design/icons';
import type { FulfillmentKind } from '@kelola/contracts/fulfillment';
import { FULFILLMENT_STEPS, type FulfillmentAction } from '@kelola/domain';
import { Button, DatePicker, Flex, Input, List, Modal, Select, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { ListPage, type BulkAction, type ListColumn } from '../../../components/list-page.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useListQuery } from '../../../components/use-list-query.ts';
import { useWarehouseScope, WarehouseFilter } from '../../../components/warehouse-filter.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/error-text.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useBulkStep, useFulfillmentList, useShops, type BulkItem, type FulfillmentRow } from '../api/fulfillment-api.ts';
import { ScanPackPanel } from '../components/scan-pack-panel.tsx';

/** URL keys of the list: the step tab and the filters (`shop` and `warehouse` are the list's own, not the top bar's). */
export const FULFILLMENT_FILTERS = ['step', 'q', 'date_from', 'date_to', 'shop', 'warehouse', 'courier', 'printed', 'scan'] as const;
type Filter = (typeof FULFILLMENT_FILTERS)[number];
const BULK_ACTIONS: FulfillmentAction[] = ['CONFIRM_PICK', 'CONFIRM_PACK', 'COMPLETE_PACKING', 'ISSUE_GOODS'];

/** The URL's filters as the API's query. */
export function toApiParams(params: Record<string, string | number>, warehouseId: string | undefined) {
  const { shop, warehouse: _w, scan: _s, ...rest } = params;
  return { ...rest, ...(shop ? { channel_id: shop } : {}), ...(warehouseId ? { warehouse_id: warehouseId } : {}) };
}

/**
 * /fulfillment (marketplace orders) and /delivery-order (own courier): a tab per step with its count, filters in the
 * URL, the step actions in bulk with a result per order, printing the selected orders' picking list or labels (the
 * printable full page in a new tab), and scan to pack (`?scan=1`).
 */
export function FulfillmentListScreen({ kind }: { kind: FulfillmentKind }) {
  const { t } = useTranslation('fulfillment');
  const location = useLocation();
  const [, setSearchParams] = useSearchParams();
  const query = useListQuery<Filter>({ filterKeys: FULFILLMENT_FILTERS });
  const canWrite = useCan(kind, 'WRITE');
  const canListShops = useCan('store-list', 'READ');
  const shops = useShops(kind === 'fulfillment' && canListShops);
  const warehouses = useWarehouseScope(query.filters.warehouse);
  const step = query.filters.step ?? 'NEW';
  const list = useFulfillmentList(kind, { ...toApiParams(query.params, warehouses.warehouseId), step });
  const bulk = useBulkStep(kind);
  const [results, setResults] = useState<{ action: FulfillmentAction; items: BulkItem[]; rows: FulfillmentRow[] } | null>(null);
  const scanning = query.filters.scan === '1';
  const setScanning = (on: boolean) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set('scan', '1');
      else next.delete('scan');
      return next;
    });

  const runBulk = async (action: FulfillmentAction, keys: Key[], rows: FulfillmentRow[]) => {
    try {
      const answer = await bulk.mutateAsync({ action, order_ids: keys.map(String) });
      setResults({ action, items: answer.items, rows });
    } catch (error) {
      notifyHttpError(error);
    }
  };
  /** Opens the selected orders' document in the printable full page (a new tab); printing it counts a print. */
  const print = (path: string, keys: Key[]) => {
    window.open(withWorkspaceQuery(`${path}?order_ids=${keys.map(String).join(',')}`, location.search), '_blank', 'noopener');
  };
  const printActions: BulkAction<FulfillmentRow>[] = [
    { key: 'print-picking', label: t('print.pickingList'), onClick: (keys) => print('/fulfillment/bulk-picking-list', keys) },
    { key: 'print-labels', label: t('print.labels'), onClick: (keys) => print('/fulfillment/bulk-shipping-label', keys) },
  ];
  const bulkActions: BulkAction<FulfillmentRow>[] = [
    ...(canWrite
      ? BULK_ACTIONS.map((action) => ({
          key: action,
          label: t(`actions.${action}`),
          onClick: (keys: Key[], rows: FulfillmentRow[]) => runBulk(action, keys, rows),
        }))
      : []),
    ...printActions,
  ];

  const detailPath = (id: string) => withWorkspaceQuery(`/${kind}/detail?id=${encodeURIComponent(id)}`, location.search);
  const columns: ListColumn<FulfillmentRow>[] = [
    {
      title: t('columns.orderNumber'),
      dataIndex: 'order_number',
      render: (number: string, row) => (
        <Flex vertical>
          <Link to={detailPath(row.id)} data-testid={`order-${row.order_number}`}>
            {number}
          </Link>
          {row.fulfillment.delivery_note_number && (
            <Typography.Text type="secondary">{row.fulfillment.delivery_note_number}</Typography.Text>
          )}
          {row.stock_short && (
            <Tag color="red" icon={<WarningOutlined />} data-testid="stock-short" style={{ width: 'fit-content' }}>
              {t('stockShort.tag')}
            </Tag>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.channel'),
      key: 'channel',
      render: (_v, row) => row.channel_name ?? t(`orders:source.${row.source}`, { defaultValue: row.source }),
    },
    { title: t('columns.orderDate'), dataIndex: 'order_date', render: (value: string) => <DateText value={value} /> },
    { title: t('columns.buyer'), dataIndex: 'buyer_name', render: (value: string | null) => value ?? '-' },
    { title: t('columns.items'), dataIndex: 'total_item', align: 'right' },
    {
      title: t('columns.courier'),
      key: 'courier',
      render: (_v, row) => (
        <Flex vertical>
          <span>{row.courier_name ?? '-'}</span>
          {row.receipt_number && <Typography.Text type="secondary">{row.receipt_number}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_v, row) => (
        <Flex vertical gap={2}>
          <Tag data-status={row.status}>{t(`orders:status.${row.status}`, { defaultValue: row.status })}</Tag>
          {row.fulfillment.shipment_state === 'SENDING' && (
            <Typography.Text type="secondary">{t('detail.shipmentSending')}</Typography.Text>
          )}
          {row.fulfillment.shipment_state === 'FAILED' && (
            <Typography.Text type="danger">
              {t('detail.shipmentFailed', { message: row.fulfillment.shipment_message ?? '' })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
  ];

  const range =
    query.filters.date_from && query.filters.date_to
      ? ([dayjs(query.filters.date_from), dayjs(query.filters.date_to)] as [dayjs.Dayjs, dayjs.Dayjs])
      : null;
  const numberOf = (id: string) => results?.rows.find((row) => row.id === id)?.order_number ?? id;

  return (
    <Flex vertical gap={12}>
      <ListPage<FulfillmentRow, Filter>
        title={t(`title.${kind}`)}
        actions={
          canWrite ? (
            <Button type="primary" icon={<ScanOutlined />} data-testid="open-scan" onClick={() => setScanning(true)}>
              {t('scan.open')}
            </Button>
          ) : undefined
        }
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
              data-testid="step-tabs"
              activeKey={step}
              onChange={(key) => query.setFilters({ step: key === 'NEW' ? null : key })}
              items={FULFILLMENT_STEPS.map((key) => ({
                key,
                label: (
                  <span data-testid={`tab-${key}`}>
                    {t(`steps.${key}`)} ({list.data?.counts[key] ?? 0})
                  </span>
                ),
              }))}
            />
            <Flex gap={12} wrap align="flex-start">
              <Input.Search
                key={`q-${query.filters.q ?? ''}`}
                data-testid="filter-q"
                style={{ width: 260 }}
                allowClear
                defaultValue={query.filters.q}
                placeholder={t('filters.search')}
                aria-label={t('filters.search')}
                onSearch={(value) => query.setFilters({ q: value })}
              />
              <DatePicker.RangePicker
                data-testid="filter-date"
                aria-label={t('filters.date')}
                value={range}
                onChange={(dates) =>
                  query.setFilters({ date_from: dates?.[0]?.format('YYYY-MM-DD'), date_to: dates?.[1]?.format('YYYY-MM-DD') })
                }
              />
              {kind === 'fulfillment' && canListShops && (
                <Select
                  data-testid="filter-shop"
                  style={{ minWidth: 200 }}
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  placeholder={t('filters.shop')}
                  aria-label={t('filters.shop')}
                  value={query.filters.shop}
                  options={(shops.data?.items ?? []).map((shop) => ({ value: shop.id, label: shop.name }))}
                  onChange={(value?: string) => query.setFilters({ shop: value })}
                />
              )}
              <WarehouseFilter
                value={query.filters.warehouse}
                options={warehouses.options}
                loading={warehouses.loading}
                onChange={(value) => query.setFilters({ warehouse: value })}
              />
              <Input.Search
                key={`courier-${query.filters.courier ?? ''}`}
                data-testid="filter-courier"
                style={{ width: 180 }}
                allowClear
                defaultValue={query.filters.courier}
                placeholder={t('filters.courier')}
                aria-label={t('filters.courier')}
                onSearch={(value) => query.setFilters({ courier: value })}
              />
              <Select
                allowClear
                style={{ width: 170 }}
                placeholder={t('filters.printed')}
                aria-label={t('filters.printed')}
                value={query.filters.printed}
                options={[
                  { value: 'true', label: t('filters.printedYes') },
                  { value: 'false', label: t('filters.printedNo') },
                ]}
                onChange={(value?: string) => query.setFilters({ printed: value })}
              />
            </Flex>
          </Flex>
        }
        bulkActions={bulkActions}
        empty={{ description: t('empty') }}
        minWidth={1100}
      />
      <Modal
        open={scanning}
        title={t('scan.title')}
        width={820}
        footer={null}
        onCancel={() => setScanning(false)}
        destroyOnHidden
        keyboard={false}
      >
        <ScanPackPanel kind={kind} />
      </Modal>
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
                        step: item.step ? t(`steps.${item.step}`) : '',
                        status: item.status ? t(`orders:status.${item.status}`) : '',
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

export const FulfillmentScreen = () => <FulfillmentListScreen kind="fulfillment" />;
export const DeliveryOrderScreen = () => <FulfillmentListScreen kind="delivery-order" />;
