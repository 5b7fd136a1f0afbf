import { EnvironmentOutlined, FunctionOutlined } from '@ant-design/icons';
import { Alert, App, Button, Drawer, Flex, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { ChannelPriceRow, PriceChannel } from '@kelola/contracts/channel-prices';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useChannelPrices } from '../../api/channel-price-api.ts';
import { ChannelPriceCell } from '../../components/channel-price-cell.tsx';
import { ChannelPriceModal, type ChannelPriceTarget } from '../../components/channel-price-modal.tsx';
import { FetchFailed } from '../../components/fetch-failed.tsx';
import { SkuVariableValues } from '../../components/sku-variable-values.tsx';

const FILTERS = ['q', 'channel_id', 'mode'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /price: every SKU with its base price and its price on each channel (connected shop), each tagged Formula, base
 * price or Manual. Editing a channel price makes it manual; "use formula" puts it back. A SKU's own product-variable
 * values open in a drawer, so their effect on the formula prices shows at once.
 */
export function PriceListScreen() {
  const { t } = useTranslation('pricing');
  const { notification } = App.useApp();
  const location = useLocation();
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = useChannelPrices(query.params);
  const canWrite = useCan('price', 'WRITE');
  const canSeeVariables = useCan('product-variable', 'READ');
  const [editing, setEditing] = useState<ChannelPriceTarget | null>(null);
  const [valuesOf, setValuesOf] = useState<ChannelPriceRow | null>(null);
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const allChannels = list.data?.channels ?? [];
  const channelId = query.filters.channel_id;
  const shown = channelId ? allChannels.filter((c) => c.id === channelId) : allChannels;

  const channelColumn = (channel: PriceChannel): ListColumn<ChannelPriceRow> => ({
    key: `channel-${channel.id}`,
    align: 'right',
    title: (
      <Flex vertical align="flex-end" gap={0}>
        <span>{channel.name}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 'normal' }}>
          {t(`channelPrice.marketplaces.${channel.marketplace}`)}
          {channel.status !== 'CONNECTED' && ` · ${t(`channelPrice.status.${channel.status}`)}`}
        </Typography.Text>
      </Flex>
    ),
    render: (_v, row) => {
      const price = row.prices.find((p) => p.channel_id === channel.id);
      if (!price) return null;
      return (
        <ChannelPriceCell
          row={row}
          channel={channel}
          price={price}
          canWrite={canWrite}
          onEdit={() => setEditing({ row, channel, price })}
        />
      );
    },
  });

  const columns: ListColumn<ChannelPriceRow>[] = [
    {
      title: t('channelPrice.columns.sku'),
      key: 'sku',
      fixed: 'left',
      render: (_v, row) => (
        <Flex vertical gap={2} style={{ minWidth: 200 }}>
          <Typography.Text code>{row.sku}</Typography.Text>
          <Typography.Text>{row.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`price.types.${row.product_type}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('channelPrice.columns.base'),
      key: 'base',
      align: 'right',
      render: (_v, row) => (
        <Flex vertical align="flex-end" gap={2}>
          <MoneyText value={row.base_price} />
          {row.formula && (
            <Tag color="purple" style={{ marginInlineEnd: 0 }}>
              {t('price.byFormula', { name: row.formula.name })}
            </Tag>
          )}
        </Flex>
      ),
    },
    ...shown.map(channelColumn),
    {
      title: t('channelPrice.columns.action'),
      key: 'action',
      render: (_v, row) => (
        <Space orientation="vertical" size={0}>
          {canSeeVariables && (
            <Button
              type="link"
              size="small"
              icon={<FunctionOutlined />}
              style={{ paddingInline: 0 }}
              onClick={() => setValuesOf(row)}
              aria-label={t('channelPrice.variablesOf', { sku: row.sku })}
            >
              {t('channelPrice.variables')}
            </Button>
          )}
          <Link to={link(`/product-channel/${row.product_id}/price-area?catalog_id=${row.catalog_id}`)}>
            <EnvironmentOutlined /> {t('price.areaPrices')}
          </Link>
        </Space>
      ),
    },
  ];

  if (list.error && !list.isFetching)
    return <FetchFailed title={t('price.title')} error={list.error} onRetry={() => void list.refetch()} />;

  const filters = (
    <>
      <Select
        allowClear
        value={channelId ?? null}
        placeholder={t('channelPrice.allChannels')}
        aria-label={t('channelPrice.channelFilter')}
        options={allChannels.map((c) => ({ value: c.id, label: c.name }))}
        onChange={(value: string | null | undefined) => query.setFilters({ channel_id: value ?? null })}
        style={{ minWidth: 200 }}
      />
      <Select
        allowClear
        value={query.filters.mode ?? null}
        placeholder={t('channelPrice.allModes')}
        aria-label={t('channelPrice.modeFilter')}
        options={[
          { value: 'FORMULA', label: t('channelPrice.modes.FORMULA') },
          { value: 'MANUAL', label: t('channelPrice.modes.MANUAL') },
        ]}
        onChange={(value: string | null | undefined) => query.setFilters({ mode: value ?? null })}
        style={{ minWidth: 180 }}
      />
    </>
  );

  return (
    <>
      {list.data && allChannels.length === 0 && (
        <Alert
          type="info"
          showIcon
          title={t('channelPrice.noChannels')}
          description={t('channelPrice.noChannelsBody')}
          style={{ marginBottom: 16 }}
          data-testid="no-channels"
        />
      )}
      <ListPage<ChannelPriceRow, Filter>
        title={t('price.title')}
        query={query}
        columns={columns}
        rowKey="catalog_id"
        data={list.data}
        loading={list.isFetching}
        error={null}
        onRetry={() => void list.refetch()}
        search={{ filter: 'q', placeholder: t('channelPrice.search') }}
        filters={filters}
        empty={{ description: t('price.empty') }}
        minWidth={620 + 170 * shown.length}
      />
      <ChannelPriceModal
        target={editing}
        onClose={() => setEditing(null)}
        onDone={(change) => {
          const sku = editing?.row.sku ?? '';
          const channel = editing?.channel.name ?? '';
          setEditing(null);
          notification.success({
            title: t(change === 'saved' ? 'channelPrice.saved' : 'channelPrice.backToFormula', { sku, channel }),
            placement: 'topRight',
          });
        }}
      />
      <Drawer
        open={valuesOf !== null}
        onClose={() => setValuesOf(null)}
        title={t('channelPrice.variablesTitle', { sku: valuesOf?.sku ?? '' })}
        size="large"
        destroyOnHidden
      >
        {valuesOf && <SkuVariableValues catalogId={valuesOf.catalog_id} sku={valuesOf.sku} />}
      </Drawer>
    </>
  );
}
