import type { WalletHistory } from '@kelola/contracts/finance';
import { Card, Flex, Space, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money-text.tsx';
import { useListQuery } from '../../../components/use-list-query.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useWalletHistory } from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';

type Entry = WalletHistory['items'][number];

/** /finance-channel/:id/wallet/history: every movement of a distributor's or reseller's wallet with the running balance. */
export function WalletHistoryScreen() {
  const { t } = useTranslation('finance');
  const query = useListQuery<'customer_id'>({ filterKeys: ['customer_id'] });
  const customerId = query.filters.customer_id;
  const { page, size } = query.params as { page: number; size: number };
  const history = useWalletHistory(customerId, { page, size });
  const data = history.data;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('wallet.title')}
        </Typography.Title>
      }
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 16 }}>
        <CustomerSelect value={customerId} onChange={(v) => query.setFilters({ customer_id: v })} data-testid="wallet-customer" />
        {data ? (
          <Space size="large">
            <Statistic
              title={t('wallet.balance')}
              value={data.balance}
              formatter={(v) => formatMoney(Number(v))}
              data-testid="wallet-balance"
            />
            <Statistic title={t('wallet.held')} value={data.held} formatter={(v) => formatMoney(Number(v))} />
          </Space>
        ) : null}
      </Flex>
      {customerId ? (
        <Table<Entry>
          rowKey="id"
          loading={history.isFetching}
          dataSource={data?.items ?? []}
          locale={{ emptyText: t('wallet.empty') }}
          pagination={{
            current: page,
            pageSize: size,
            total: data?.total_row ?? 0,
            onChange: (p, s) => query.setPage(p, s),
          }}
          columns={[
            { title: t('fields.date'), dataIndex: 'at', render: (v: string) => new Date(v).toLocaleString('id-ID') },
            { title: t('wallet.event'), dataIndex: 'event', render: (v: string) => t(`wallet.events.${v}`, { defaultValue: v }) },
            { title: t('wallet.reference'), dataIndex: 'memo', render: (v: string | null) => v ?? '-' },
            {
              title: t('fields.amount'),
              dataIndex: 'amount',
              align: 'right',
              render: (v: number) => (v === 0 ? '-' : <MoneyText value={v} />),
            },
            { title: t('wallet.balance'), dataIndex: 'balance', align: 'right', render: (v: number) => <MoneyText value={v} /> },
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('wallet.pickCustomer')}</Typography.Text>
      )}
    </Card>
  );
}
