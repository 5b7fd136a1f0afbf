import type { ChannelProduct, ChannelPush, MappingState } from '@kelola/contracts/channel-products';
import { Alert, Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ProductStatusBar, type ProductStatusFilter } from '../../components/product-status-filter.tsx';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DateText } from '../../../../components/date-text.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { useChannelProducts, useChannelPushes, useMapSku, useShop, useSynchronize } from '../../api/channel-products-api.ts';
import { useDistributorChannels } from '../../../../lib/distributor-channels.ts';
import { DistributorProductsView } from './distributor-products-view.tsx';

/** The create-product-* and edit-product-* routes of each marketplace (routes.tsv); a TikTok shop also sells on Tokopedia. */
const CREATE_TARGETS: Record<string, string[]> = { shopee: ['shopee'], tiktok: ['tiktok', 'tokopedia'], blibli: ['blibli'] };
const EDIT_TARGETS: Record<string, string> = { shopee: 'shopee', tiktok: 'tiktok', blibli: 'blibli', lazada: 'lazada' };

const MAPPING_COLOR: Record<MappingState, string> = {
  CONFIRMED: 'green',
  UNCONFIRMED: 'default',
  PART_CONFIRMED: 'gold',
  MIX_CONFIRMED: 'blue',
};

/**
 * /product-channel/:id/product/synchronize: a shop's products, or the distributor channel's when `:id` is the
 * workspace's distributor channel (ADR 0047).
 */
export function ChannelProductsScreen() {
  const { id = '' } = useParams();
  const distributors = useDistributorChannels();
  if (distributors.isLoading) return <Spin />;
  const distributor = distributors.data?.items.find((c) => c.id === id);
  return distributor ? <DistributorProductsView channel={distributor} /> : <ShopProductsView />;
}

/**
 * A shop's products with their counts, import (synchronize, polled every 2 s), each channel SKU's catalog SKU
 * (confirm or unmap), and what the shop was last told about stock and price.
 */
function ShopProductsView() {
  const { t } = useTranslation('channel-products');
  const { t: tp } = useTranslation('publish');
  const { id = '' } = useParams();
  const [status, setStatus] = useState<ProductStatusFilter>('all');
  const [page, setPage] = useState(1);
  const shop = useShop(id);
  const list = useChannelProducts(id, { status, page, size: 20 });
  const pushes = useChannelPushes(id);
  const synchronize = useSynchronize(id);
  const mapSku = useMapSku(id);
  const data = list.data;
  const importing = data?.import.status === 'ONPROGRESS';
  const pushOf = (catalogId: string | null, kind: 'STOCK' | 'PRICE') =>
    catalogId ? pushes.data?.items.find((p) => p.catalog_id === catalogId && p.kind === kind) : undefined;

  const map = (productId: string, skuId: string, catalogId: string | null) =>
    mapSku.mutate({ productId, skuId, catalogId }, { onError: notifyHttpError });

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {shop.data ? `${shop.data.name} (${shop.data.marketplace})` : t('title')}
        </Typography.Title>
        <Space wrap>
          {(CREATE_TARGETS[shop.data?.marketplace ?? ''] ?? []).map((target) => (
            <Link key={target} to={`/product-channel/${id}/create-product-${target}`}>
              <Button>{tp('create.add', { target: tp(`target.${target}`) })}</Button>
            </Link>
          ))}
          <Button
            type="primary"
            loading={synchronize.isPending || importing}
            onClick={() => synchronize.mutate(undefined, { onError: notifyHttpError })}
          >
            {importing ? t('import.running') : t('import.start')}
          </Button>
        </Space>
      </Space>
      {data?.import.status === 'FAILED' ? (
        <Alert type="error" showIcon message={t('import.failed')} description={data.import.reason ?? undefined} />
      ) : null}
      {data?.import.status === 'SUCCESS' ? (
        <Typography.Text type="secondary">
          {t('import.done', { count: data.import.imported })} <DateText value={data.import.finished_at ?? ''} />
        </Typography.Text>
      ) : null}
      <ProductStatusBar
        counts={data?.counts}
        status={status}
        onChange={(value) => {
          setStatus(value);
          setPage(1);
        }}
      />
      <Table<ChannelProduct>
        rowKey="product_id"
        loading={list.isLoading}
        dataSource={data?.items ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        expandable={{
          expandedRowRender: (product) => (
            <Table
              rowKey="sku_id"
              size="small"
              pagination={false}
              dataSource={product.skus}
              columns={[
                { title: t('columns.sellerSku'), dataIndex: 'seller_sku' },
                { title: t('columns.price'), dataIndex: 'price', render: (v: number) => <MoneyText value={v} /> },
                {
                  title: t('columns.catalog'),
                  key: 'catalog',
                  render: (_v, sku) => (
                    <Space>
                      <SkuPicker
                        style={{ minWidth: 240 }}
                        value={sku.catalog_id ?? undefined}
                        placeholder={t('mapping.pick')}
                        onChange={(catalogId) => map(product.product_id, sku.sku_id, catalogId ?? null)}
                      />
                      <Tag color={sku.mapping === 'CONFIRMED' ? 'green' : 'default'}>{t(`mapping.${sku.mapping}`)}</Tag>
                      {sku.catalog_id ? (
                        <Button size="small" onClick={() => map(product.product_id, sku.sku_id, null)}>
                          {t('mapping.unmap')}
                        </Button>
                      ) : null}
                    </Space>
                  ),
                },
                {
                  title: t('columns.lastStock'),
                  key: 'push',
                  render: (_v, sku) => {
                    const push = pushOf(sku.mapping === 'CONFIRMED' ? sku.catalog_id : null, 'STOCK');
                    return push ? <PushText push={push} /> : '—';
                  },
                },
              ]}
            />
          ),
        }}
        columns={[
          { title: t('columns.name'), dataIndex: 'name' },
          { title: t('columns.status'), dataIndex: 'status', render: (v: string) => t(`status.${v}`, { defaultValue: v }) },
          {
            title: t('columns.mapping'),
            dataIndex: 'mapping',
            render: (v: MappingState) => <Tag color={MAPPING_COLOR[v]}>{t(`mapping.${v}`)}</Tag>,
          },
          { title: t('columns.variants'), dataIndex: 'variant_count', align: 'right' },
          {
            title: '',
            key: 'edit',
            render: (_v, row) => {
              const target = EDIT_TARGETS[shop.data?.marketplace ?? ''];
              return target ? (
                <Link to={`/product-channel/${id}/edit-product-${target}?product=${encodeURIComponent(row.product_id)}`}>
                  {tp('edit.action')}
                </Link>
              ) : null;
            },
          },
          {
            title: t('columns.priceRange'),
            key: 'price',
            render: (_v, row) =>
              row.price_min === null ? (
                '—'
              ) : row.price_min === row.price_max ? (
                <MoneyText value={row.price_min} />
              ) : (
                <>
                  <MoneyText value={row.price_min} /> – <MoneyText value={row.price_max ?? row.price_min} />
                </>
              ),
          },
        ]}
      />
      <Card title={t('pushes.title')} size="small">
        <Table<ChannelPush>
          rowKey={(row) => `${row.catalog_id}:${row.kind}`}
          size="small"
          loading={pushes.isLoading}
          dataSource={pushes.data?.items ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('pushes.kind'), dataIndex: 'kind', render: (v: string) => t(`pushes.${v}`) },
            { title: t('pushes.explanation'), key: 'explanation', render: (_v, row) => <PushText push={row} /> },
            {
              title: t('pushes.at'),
              dataIndex: 'pushed_at',
              render: (v: string | null) => (v ? <DateText value={v} /> : '—'),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

/** A pushed number with its explanation, a waiting newer number and the last error. */
function PushText({ push }: { push: ChannelPush }) {
  const { t } = useTranslation('channel-products');
  return (
    <Space direction="vertical" size={0}>
      <span>{push.explanation ?? '—'}</span>
      {push.pending ? <Tag color="processing">{t('pushes.pending')}</Tag> : null}
      {push.error ? <Typography.Text type="danger">{push.error}</Typography.Text> : null}
    </Space>
  );
}
