import type { ChannelProduct } from '@kelola/contracts/channel-products';
import type { DistributorChannel } from '@kelola/contracts/distributor-channel';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ProductStatusBar, type ProductStatusFilter } from '../../components/product-status-filter.tsx';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MoneyText } from '../../../../components/money-text.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useDistributorProducts } from '../../api/distributor-api.ts';

/**
 * The distributor channel's products, shown as the channel product list shows a shop's (counts, status, variants,
 * price range: today's distributor prices), with add and edit links (ADR 0047).
 */
export function DistributorProductsView({ channel }: { channel: DistributorChannel }) {
  const { t } = useTranslation('distributor');
  const { t: tc } = useTranslation('channel-products');
  const [status, setStatus] = useState<ProductStatusFilter>('all');
  const [page, setPage] = useState(1);
  const canWrite = useCan('product-channel', 'WRITE');
  const list = useDistributorProducts(channel.id, { status, page, size: 20 });
  const data = list.data;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {`${channel.name} — ${t('title')}`}
        </Typography.Title>
        {canWrite ? (
          <Link to={`/product-channel/${channel.id}/create-product-distributor`}>
            <Button type="primary">{t('add')}</Button>
          </Link>
        ) : null}
      </Space>
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
                { title: tc('columns.sellerSku'), dataIndex: 'seller_sku' },
                { title: t('columns.priceToday'), dataIndex: 'price', render: (v: number) => <MoneyText value={v} /> },
              ]}
            />
          ),
        }}
        columns={[
          { title: tc('columns.name'), dataIndex: 'name' },
          {
            title: tc('columns.status'),
            dataIndex: 'status',
            render: (v: string) => <Tag color={v === 'active' ? 'green' : 'default'}>{t(`status.${v}`, { defaultValue: v })}</Tag>,
          },
          { title: tc('columns.variants'), dataIndex: 'variant_count', align: 'right' },
          {
            title: tc('columns.priceRange'),
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
          {
            title: '',
            key: 'edit',
            render: (_v, row) =>
              canWrite ? (
                <Link to={`/product-channel/${channel.id}/edit-product-distributor?product=${encodeURIComponent(row.product_id)}`}>
                  {t('edit')}
                </Link>
              ) : null,
          },
        ]}
      />
    </Space>
  );
}
