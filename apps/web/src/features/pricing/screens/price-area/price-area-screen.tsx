import '../../../../lib/dayjs-language.ts';
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Flex, Popconfirm, Result, Segmented, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { MoneyText } from '../../../../components/money-text.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useAreaPrices, useDeleteAreaPrice, type AreaPrice } from '../../api/area-price-api.ts';
import { useProduct } from '../../api/product-api.ts';
import { AreaPriceLookupCard } from '../../components/area-price-lookup.tsx';
import { AreaPriceModal } from '../../components/area-price-modal.tsx';

const formatDay = (day: string) => dayjs(day).format('DD/MM/YYYY');

function stateOf(row: AreaPrice, today: string): 'active' | 'upcoming' | 'ended' {
  if (row.effective_from > today) return 'upcoming';
  if (row.effective_until && row.effective_until < today) return 'ended';
  return 'active';
}

const STATE_COLOURS = { active: 'green', upcoming: 'blue', ended: 'default' } as const;

/**
 * /product-channel/:id/price-area (`:id` is the master product): prices of one SKU (`?catalog_id=`, default the first)
 * by province, city or district and customer type over an inclusive date range, plus the price look-up.
 */
export function PriceAreaScreen() {
  const { t } = useTranslation('pricing');
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const product = useProduct(id);
  const catalogs = product.data?.catalogs ?? [];
  const catalogId =
    params.get('catalog_id') && catalogs.some((c) => c.id === params.get('catalog_id')) ? params.get('catalog_id')! : catalogs[0]?.id;
  const catalog = catalogs.find((c) => c.id === catalogId);
  const prices = useAreaPrices(catalogId);
  const canWrite = useCan('price', 'WRITE');
  const remove = useDeleteAreaPrice({ onSuccess: () => notification.success({ title: t('areaPrice.deleted'), placement: 'topRight' }) });
  const [editing, setEditing] = useState<AreaPrice | null>(null);
  const [open, setOpen] = useState(false);
  const today = dayjs().format('YYYY-MM-DD');

  const header = (
    <Flex align="center" gap={12}>
      <Button
        type="text"
        icon={<ArrowLeftOutlined />}
        aria-label={t('back')}
        onClick={() => void navigate(withWorkspaceQuery('/price', location.search))}
      />
      <div>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('areaPrice.title')}
        </Typography.Title>
        <Typography.Text type="secondary">{product.data ? product.data.name : t('areaPrice.hint')}</Typography.Text>
      </div>
    </Flex>
  );

  if (product.isPending) return <PageLoader />;
  if (product.error)
    return (
      <Flex vertical gap={16}>
        {header}
        <Card>
          <Result
            status="warning"
            title={t('fetchFailed')}
            subTitle={errorText(product.error)}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void product.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        </Card>
      </Flex>
    );

  return (
    <Flex vertical gap={16} data-testid="price-area">
      {header}
      <Card size="small">
        <Flex vertical gap={8}>
          <Typography.Text strong>{t('areaPrice.sku')}</Typography.Text>
          <Segmented
            value={catalogId}
            onChange={(value) =>
              setParams((current) => {
                const next = new URLSearchParams(current);
                next.set('catalog_id', String(value));
                return next;
              })
            }
            options={catalogs.map((c) => ({ value: c.id, label: `${c.sku}${c.options.length ? ` · ${c.options.join(' / ')}` : ''}` }))}
          />
          {catalog && (
            <Typography.Text type="secondary">
              {t('areaPrice.listPrice')}: <MoneyText value={catalog.price} />
            </Typography.Text>
          )}
        </Flex>
      </Card>

      <Card
        title={t('areaPrice.listTitle')}
        size="small"
        extra={
          canWrite && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={!catalogId}
              onClick={() => {
                setEditing(null);
                setOpen(true);
              }}
            >
              {t('areaPrice.add')}
            </Button>
          )
        }
      >
        {prices.error ? (
          <Result
            status="warning"
            title={t('fetchFailed')}
            subTitle={errorText(prices.error)}
            extra={
              <Button icon={<ReloadOutlined />} onClick={() => void prices.refetch()}>
                {t('retry')}
              </Button>
            }
          />
        ) : (
          <Table<AreaPrice>
            rowKey="id"
            size="middle"
            loading={prices.isFetching}
            dataSource={prices.data?.items ?? []}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('areaPrice.empty')} /> }}
            columns={[
              {
                title: t('areaPrice.area'),
                key: 'area',
                render: (_v, row) => (
                  <Space size={6}>
                    <Tag>{t(`area.${row.area_level}`)}</Tag>
                    <span>{row.area_name ?? row.area_code}</span>
                  </Space>
                ),
              },
              { title: t('areaPrice.customerType'), dataIndex: 'customer_type', render: (v: string) => <Tag color="geekblue">{v}</Tag> },
              { title: t('areaPrice.price'), dataIndex: 'price', align: 'right', render: (v: number) => <MoneyText value={v} /> },
              {
                title: t('areaPrice.period'),
                key: 'period',
                render: (_v, row) =>
                  `${formatDay(row.effective_from)} – ${row.effective_until ? formatDay(row.effective_until) : t('areaPrice.openEnd')}`,
              },
              {
                title: t('areaPrice.state'),
                key: 'state',
                render: (_v, row) => {
                  const state = stateOf(row, today);
                  return <Tag color={STATE_COLOURS[state]}>{t(`areaPrice.states.${state}`)}</Tag>;
                },
              },
              ...(canWrite
                ? [
                    {
                      title: t('variables.columns.action'),
                      key: 'action',
                      render: (_v: unknown, row: AreaPrice) => (
                        <Space size={4}>
                          <Button
                            type="link"
                            size="small"
                            icon={<EditOutlined />}
                            onClick={() => {
                              setEditing(row);
                              setOpen(true);
                            }}
                          >
                            {t('edit')}
                          </Button>
                          <Popconfirm
                            title={t('areaPrice.deleteTitle')}
                            okText={t('delete')}
                            cancelText={t('cancel')}
                            okButtonProps={{ danger: true }}
                            onConfirm={() =>
                              remove
                                .mutateAsync(row.id)
                                .catch((error: unknown) => notification.error({ title: errorText(error), placement: 'topRight' }))
                            }
                          >
                            <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                              {t('delete')}
                            </Button>
                          </Popconfirm>
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
      </Card>

      {catalogId && <AreaPriceLookupCard key={catalogId} catalogId={catalogId} />}

      {catalogId && (
        <AreaPriceModal
          open={open}
          catalogId={catalogId}
          editing={editing}
          onClose={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            notification.success({ title: t(editing ? 'areaPrice.updated' : 'areaPrice.created'), placement: 'topRight' });
          }}
        />
      )}
    </Flex>
  );
}
