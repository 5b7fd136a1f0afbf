import { CloudUploadOutlined, EditOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Flex, Select, Space, Tabs, Tag, TreeSelect, Typography } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { PRODUCT_STOCK_STATES, type ProductList, type ProductStatus } from '@kelola/contracts/catalog';
import { ListPage, type BulkAction, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useBrands } from '../../api/brand-api.ts';
import { useCategoryTree } from '../../api/category-api.ts';
import { useBulkDelete, useBulkStatus, useProducts, type BulkResult } from '../../api/product-api.ts';
import { AuthImage } from '../../components/auth-image.tsx';
import { toTreeData } from '../../components/category-options.ts';

type Row = ProductList['items'][number];

const FILTERS = ['q', 'status', 'category_id', 'brand_id', 'type', 'stock_state'] as const;
type Filter = (typeof FILTERS)[number];
const TABS = [
  { key: 'all', status: undefined, count: 'all' },
  { key: 'ACTIVE', status: 'ACTIVE', count: 'active' },
  { key: 'INACTIVE', status: 'INACTIVE', count: 'notActive' },
  { key: 'DRAFT', status: 'DRAFT', count: 'draft' },
] as const;
const TYPES = ['SINGLE', 'VARIANT', 'BUNDLING'] as const;
const STOCK_COLORS = { IN_STOCK: 'success', OUT_OF_STOCK: 'default', MINUS_STOCK: 'error' } as const;

/**
 * /product: master products with status tabs and counts, search, filters (category, brand, type, stock state) and
 * sort in the URL, the available stock of each, bulk status and delete.
 */
export function ProductListScreen() {
  const { t } = useTranslation('catalog');
  const location = useLocation();
  const navigate = useNavigate();
  const { modal, notification } = App.useApp();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSort: '-created_at' });
  const list = useProducts(query.params);
  const categories = useCategoryTree();
  const brands = useBrands();
  const canWrite = useCan('product', 'WRITE');
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const editLink = (id: string) => link(`/product/edit?id=${encodeURIComponent(id)}`);

  const report = (result: BulkResult, doneKey: string) => {
    if (result.done.length > 0) notification.success({ title: t(doneKey, { count: result.done.length }), placement: 'topRight' });
    if (result.failed.length > 0) notification.warning({ title: t('bulk.failed', { count: result.failed.length }), placement: 'topRight' });
  };
  const bulkStatus = useBulkStatus({ onSuccess: (result) => report(result, 'bulk.statusDone') });
  const bulkDelete = useBulkDelete({ onSuccess: (result) => report(result, 'bulk.deleteDone') });

  const setStatus = (status: ProductStatus): BulkAction<Row> => ({
    key: `status-${status}`,
    label: t('bulk.setStatus', { status: t(`status.${status}`) }),
    onClick: (keys: Key[]) => bulkStatus.mutateAsync({ ids: keys.map(String), status }),
  });
  const bulkActions: BulkAction<Row>[] | undefined = canWrite
    ? [
        setStatus('ACTIVE'),
        setStatus('INACTIVE'),
        setStatus('DRAFT'),
        {
          key: 'delete',
          danger: true,
          label: t('bulk.delete'),
          onClick: (keys: Key[]) =>
            new Promise<void>((resolve) => {
              modal.confirm({
                title: t('bulk.deleteTitle', { count: keys.length }),
                content: t('bulk.deleteBody'),
                okText: t('bulk.deleteOk'),
                cancelText: t('bulk.cancel'),
                okButtonProps: { danger: true },
                onOk: async () => {
                  await bulkDelete.mutateAsync(keys.map(String));
                  resolve();
                },
                onCancel: () => resolve(),
              });
            }),
        },
      ]
    : undefined;

  const columns: ListColumn<Row>[] = [
    {
      title: t('columns.product'),
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, row) => (
        <Flex gap={12} align="center">
          <AuthImage src={row.thumbnail_url} alt={name} />
          <Flex vertical>
            {canWrite ? <Link to={editLink(row.id)}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}
            {row.variant_count > 1 && (
              <Typography.Text type="secondary">{t('list.variants', { count: row.variant_count })}</Typography.Text>
            )}
          </Flex>
        </Flex>
      ),
    },
    { title: t('columns.type'), dataIndex: 'type', render: (type: string) => t(`type.${type}`) },
    {
      title: t('columns.price'),
      key: 'price',
      render: (_value, row) =>
        row.price.min === row.price.max ? (
          <MoneyText value={row.price.min} />
        ) : (
          <span style={{ whiteSpace: 'nowrap' }}>
            <MoneyText value={row.price.min} /> – <MoneyText value={row.price.max} />
          </span>
        ),
    },
    {
      title: t('columns.stock'),
      key: 'stock',
      render: (_value, row) => (
        <Flex vertical gap={2} data-testid={`stock-${row.id}`}>
          <span>
            <Tag color={STOCK_COLORS[row.stock.state]}>{t(`stockState.${row.stock.state}`)}</Tag>
            <Typography.Text strong>{row.stock.available}</Typography.Text>
          </span>
          {row.stock.limiting_sku && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('stock.limitedBy', { sku: row.stock.limiting_sku })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('columns.category'), dataIndex: 'category_name', render: (value: string | null) => value ?? '-' },
    { title: t('columns.brand'), dataIndex: 'brand_name', render: (value: string | null) => value ?? '-' },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: string) => <StatusTag status={status} label={t(`status.${status}`)} />,
    },
    {
      title: t('columns.updated'),
      dataIndex: 'updated_at',
      sortField: 'updated_at',
      render: (value: string) => new Date(value).toLocaleDateString('id-ID'),
    },
  ];
  if (canWrite) {
    columns.push({
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      render: (_value, row) => (
        <Link to={editLink(row.id)} aria-label={`${t('list.edit')} ${row.name}`}>
          <EditOutlined /> {t('list.edit')}
        </Link>
      ),
    });
  }

  const actions = (
    <PermissionGate menuKey="product" action="WRITE">
      <Space wrap>
        <Button icon={<ImportOutlined />} onClick={() => void navigate(link('/product/import'))}>
          {t('list.import')}
        </Button>
        <Button icon={<CloudUploadOutlined />} onClick={() => void navigate(link('/product/bulk-publish'))}>
          {t('list.bulkPublish')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/product/create'))}>
          {t('list.add')}
        </Button>
      </Space>
    </PermissionGate>
  );

  const counts = list.data?.counts;
  const activeTab = query.filters.status ?? 'all';
  const filters = (
    <>
      <TreeSelect
        data-testid="filter-category"
        style={{ minWidth: 200 }}
        allowClear
        showSearch
        treeNodeFilterProp="title"
        placeholder={t('filters.category')}
        aria-label={t('filters.category')}
        treeData={toTreeData(categories.data?.items ?? [])}
        value={query.filters.category_id}
        onChange={(value?: string) => query.setFilters({ category_id: value })}
      />
      <Select
        data-testid="filter-brand"
        style={{ minWidth: 160 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={t('filters.brand')}
        aria-label={t('filters.brand')}
        options={(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
        value={query.filters.brand_id}
        onChange={(value?: string) => query.setFilters({ brand_id: value })}
      />
      <Select
        data-testid="filter-type"
        style={{ minWidth: 160 }}
        allowClear
        placeholder={t('filters.type')}
        aria-label={t('filters.type')}
        options={TYPES.map((type) => ({ value: type, label: t(`type.${type}`) }))}
        value={query.filters.type}
        onChange={(value?: string) => query.setFilters({ type: value })}
      />
      <Select
        data-testid="filter-stock"
        style={{ minWidth: 160 }}
        allowClear
        placeholder={t('filters.stock')}
        aria-label={t('filters.stock')}
        options={PRODUCT_STOCK_STATES.map((state) => ({ value: state, label: t(`stockState.${state}`) }))}
        value={query.filters.stock_state}
        onChange={(value?: string) => query.setFilters({ stock_state: value })}
      />
    </>
  );

  return (
    <Flex vertical gap={0}>
      <Tabs
        activeKey={activeTab}
        onChange={(key) => query.setFilters({ status: key === 'all' ? null : key })}
        items={TABS.map((tab) => ({
          key: tab.key,
          label: `${t(`tabs.${tab.key}`)}${counts ? ` (${counts[tab.count]})` : ''}`,
        }))}
      />
      <ListPage<Row, Filter>
        title={t('list.title')}
        actions={actions}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        search={{ filter: 'q', placeholder: t('list.search') }}
        filters={filters}
        bulkActions={bulkActions}
        empty={{ description: t('list.empty') }}
        minWidth={1120}
      />
    </Flex>
  );
}
