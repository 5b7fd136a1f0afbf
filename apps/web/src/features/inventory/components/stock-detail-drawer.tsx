import { HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import type { StockBalance } from '@kelola/contracts/inventory';
import { Button, Descriptions, Drawer, Empty, Flex, Result, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useCatalogStock } from '../api/inventory-api.ts';
import { ProductUnitsPanel } from './product-units-panel.tsx';
import { QuantityText } from './quantity-text.tsx';
import { StockStateTag } from './stock-state-tag.tsx';

type Props = {
  /** The SKU shown; null closes the drawer. */
  catalogId: string | null;
  /** What the row said, shown as the title while the detail loads. */
  title?: string;
  onClose: () => void;
};

const QUANTITIES = [
  ['on_hand', 'onHand'],
  ['in_order', 'inOrder'],
  ['allocated', 'allocated'],
  ['allocatable', 'allocatable'],
  ['safety_stock', 'safetyStock'],
  ['available', 'available'],
] as const;

/** The stock of one SKU in every warehouse (GET /api/inventory/catalogs/:id), with a link to its movements. */
export function StockDetailDrawer({ catalogId, title, onClose }: Props) {
  const { t } = useTranslation('inventory');
  const location = useLocation();
  const detail = useCatalogStock(catalogId ?? undefined);
  const data = detail.data;
  const movementsLink = catalogId
    ? withWorkspaceQuery(`/inventory/stock-movement?catalog_id=${encodeURIComponent(catalogId)}`, location.search)
    : '';

  const columns: ColumnType<StockBalance>[] = [
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name', key: 'warehouse' },
    ...QUANTITIES.map(([field, label]) => ({
      title: t(`columns.${label}`),
      dataIndex: field,
      key: field,
      align: 'right' as const,
      render: (value: number) => <QuantityText value={value} />,
    })),
    {
      title: t('columns.state'),
      dataIndex: 'stock_state',
      key: 'state',
      render: (state: StockBalance['stock_state']) => <StockStateTag state={state} />,
    },
  ];

  let body;
  if (detail.isLoading) body = <PageLoader />;
  else if (detail.error)
    body = (
      <Result
        status="warning"
        title={t('stockDetail.loadFailed')}
        subTitle={errorText(detail.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void detail.refetch()}>
            {t('stockDetail.retry')}
          </Button>
        }
      />
    );
  else if (data)
    body = (
      <Flex vertical gap={16}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('stockDetail.totals')}
        </Typography.Title>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            ...QUANTITIES.map(([field, label]) => ({
              key: field,
              label: t(`columns.${label}`),
              children: <QuantityText value={data.totals[field]} />,
            })),
            { key: 'unit', label: t('columns.unit'), children: data.unit },
          ]}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('stockDetail.warehouses')}
        </Typography.Title>
        <Table<StockBalance>
          rowKey="warehouse_id"
          size="small"
          columns={columns}
          dataSource={data.warehouses}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stockDetail.noWarehouse')} /> }}
        />
        <ProductUnitsPanel catalogId={data.catalog_id} />
      </Flex>
    );

  return (
    <Drawer
      open={catalogId !== null}
      onClose={onClose}
      size="large"
      destroyOnHidden
      data-testid="stock-detail"
      title={
        <Flex vertical>
          <span>{data ? `${data.sku} — ${data.name}` : title}</span>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            {t('stockDetail.title')}
          </Typography.Text>
        </Flex>
      }
      extra={
        catalogId && (
          <Link to={movementsLink}>
            <HistoryOutlined /> {t('stockDetail.movements')}
          </Link>
        )
      }
    >
      {body}
    </Drawer>
  );
}
