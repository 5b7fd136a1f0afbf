import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { SHOPEE_PROMOTION_STATUSES } from '@kelola/contracts/promotions';
import { Button, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useShopeeAction, useShopeePromotions, useShopeeSyncStatus, type ShopeePromotionSummary } from '../../api/promotions-api.ts';

const FILTERS = ['status'] as const;
type Filter = (typeof FILTERS)[number];
const STATUS_COLOR: Record<string, string> = { upcoming: 'blue', ongoing: 'green', expired: 'default' };

export const period = (from: string, to: string) =>
  `${new Date(from).toLocaleString('id-ID', { dateStyle: 'short', timeStyle: 'short' })} – ${new Date(to).toLocaleString('id-ID', {
    dateStyle: 'short',
    timeStyle: 'short',
  })}`;

/** /promotion-channel/:id/list for a Shopee shop: its seller discounts (spec part 7), synced, with clashes against our programmes. */
export function ShopeePromotionListScreen() {
  const { t } = useTranslation('promotions');
  const { id: shopId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSize: 20 });
  const { size, ...rest } = query.params;
  const list = useShopeePromotions({ ...rest, limit: size ?? 20, shop_id: shopId });
  const sync = useShopeeSyncStatus(shopId);
  const act = useShopeeAction();
  const to = (path: string) => withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(shopId)}${path}`, location.search);

  const actions = (
    <PermissionGate menuKey="promotion-channel" action="WRITE">
      <Space>
        <Button
          icon={<SyncOutlined />}
          data-testid="shopee-sync"
          loading={act.isPending}
          onClick={() => act.mutate({ action: 'SYNC', shopId }, { onSuccess: () => notifySuccess(t('shopee.synced')) })}
        >
          {t('shopee.sync')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} data-testid="shopee-create" onClick={() => void navigate(to('/create'))}>
          {t('shopee.create')}
        </Button>
      </Space>
    </PermissionGate>
  );

  const columns: ListColumn<ShopeePromotionSummary>[] = [
    {
      title: t('shopee.fields.name'),
      dataIndex: 'name',
      render: (name: string, row) => <Link to={to(`/edit/${encodeURIComponent(row.id)}`)}>{name}</Link>,
    },
    { title: t('shopee.fields.discount_id'), dataIndex: 'discount_id' },
    { title: t('shopee.fields.period'), key: 'period', render: (_v, row) => period(row.start_time, row.end_time) },
    { title: t('shopee.fields.items'), dataIndex: 'item_count' },
    {
      title: t('shopee.fields.status'),
      dataIndex: 'status',
      render: (s: string) => <Tag color={STATUS_COLOR[s]}>{t(`shopeeStatus.${s}`)}</Tag>,
    },
    {
      title: t('shopee.fields.clashes'),
      key: 'clashes',
      render: (_v, row) =>
        row.clashes.length === 0 ? (
          '-'
        ) : (
          <Tooltip title={row.clashes.map((c) => t('shopee.clashLine', clashText(t, c))).join(' · ')}>
            <Tag color="orange" data-testid={`clash-${row.discount_id}`}>
              {t('shopee.clashCount', { count: row.clashes.length })}
            </Tag>
          </Tooltip>
        ),
    },
  ];

  return (
    <ListPage<ShopeePromotionSummary, Filter>
      title={t('shopee.title')}
      actions={actions}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      filters={
        <>
          <Select
            data-testid="filter-status"
            allowClear
            style={{ minWidth: 150 }}
            placeholder={t('shopee.fields.status')}
            aria-label={t('shopee.fields.status')}
            value={query.filters.status}
            options={SHOPEE_PROMOTION_STATUSES.map((s) => ({ value: s, label: t(`shopeeStatus.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ status: value })}
          />
          <Typography.Text type="secondary" data-testid="shopee-sync-status">
            {sync.data?.last_synced_at
              ? t('shopee.lastSync', {
                  at: new Date(sync.data.last_synced_at).toLocaleString('id-ID'),
                  status: t(`syncStatus.${sync.data.status}`),
                })
              : t('shopee.neverSynced')}
          </Typography.Text>
        </>
      }
      empty={{ description: t('shopee.empty') }}
      minWidth={900}
    />
  );
}

type Clash = ShopeePromotionSummary['clashes'][number];
export const clashText = (t: (k: string) => string, c: Clash) => ({
  sku: c.sku,
  program: c.program_name,
  shopee: `Rp ${c.shopee_price.toLocaleString('id-ID')}`,
  kelola: `Rp ${c.kelola_price.toLocaleString('id-ID')}`,
  winner: c.winner === 'SHOPEE' ? t('shopee.winnerShopee') : t('shopee.winnerKelola'),
});
