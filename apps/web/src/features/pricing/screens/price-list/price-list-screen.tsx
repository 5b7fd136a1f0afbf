import { EnvironmentOutlined } from '@ant-design/icons';
import { Flex, Skeleton, Tag, Typography } from 'antd';
import type { ProductList } from '@kelola/contracts/catalog';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useFormulas } from '../../api/formula-api.ts';
import { useProductDetails, useProducts } from '../../api/product-api.ts';
import { FetchFailed } from '../../components/fetch-failed.tsx';

type Item = ProductList['items'][number];
const FILTERS = ['q'] as const;

/** /price: each product with its SKUs' list prices, and whether a price formula (bundles) or the merchant set them. */
export function PriceListScreen() {
  const { t } = useTranslation('pricing');
  const location = useLocation();
  const query = useListQuery({ filterKeys: FILTERS });
  const list = useProducts(query.params);
  const items = list.data?.items ?? [];
  const details = useProductDetails(items.map((item) => item.id));
  const formulas = useFormulas({ page: 1, size: 200 });
  const formulaName = (id: string) => formulas.data?.items.find((f) => f.id === id)?.name ?? t('price.formula');
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const columns: ListColumn<Item>[] = [
    {
      title: t('price.columns.product'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary">{t(`price.types.${row.type}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('price.columns.range'),
      key: 'range',
      align: 'right',
      render: (_v, row) =>
        row.price.min === row.price.max ? (
          <MoneyText value={row.price.min} />
        ) : (
          <span>
            <MoneyText value={row.price.min} /> – <MoneyText value={row.price.max} />
          </span>
        ),
    },
    {
      title: t('price.columns.skus'),
      key: 'skus',
      render: (_v, row, index) => {
        const detail = details[index]?.data;
        if (!detail || detail.id !== row.id) return <Skeleton active paragraph={false} title={{ width: 240 }} />;
        const formulaId = detail.bundle?.price_formula_id ?? null;
        return (
          <table style={{ borderCollapse: 'collapse', minWidth: 420 }} data-testid="price-skus">
            <tbody>
              {detail.catalogs.map((catalog) => (
                <tr key={catalog.id}>
                  <td style={{ padding: '2px 12px 2px 0', whiteSpace: 'nowrap' }}>
                    <Typography.Text code>{catalog.sku}</Typography.Text>
                    {catalog.options.length > 0 && <Typography.Text type="secondary"> {catalog.options.join(' / ')}</Typography.Text>}
                  </td>
                  <td style={{ padding: '2px 12px', textAlign: 'right' }}>
                    <MoneyText value={catalog.price} />
                  </td>
                  <td style={{ padding: '2px 12px' }}>
                    {formulaId ? <Tag color="purple">{t('price.byFormula', { name: formulaName(formulaId) })}</Tag> : <Tag>{t('price.manual')}</Tag>}
                  </td>
                  <td style={{ padding: '2px 0', whiteSpace: 'nowrap' }}>
                    <Link to={link(`/product-channel/${row.id}/price-area?catalog_id=${catalog.id}`)}>
                      <EnvironmentOutlined /> {t('price.areaPrices')}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        );
      },
    },
  ];

  if (list.error && !list.isFetching) return <FetchFailed title={t('price.title')} error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <ListPage<Item, (typeof FILTERS)[number]>
      title={t('price.title')}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={null}
      onRetry={() => void list.refetch()}
      search={{ filter: 'q', placeholder: t('price.search') }}
      empty={{ description: t('price.empty') }}
      minWidth={900}
    />
  );
}
