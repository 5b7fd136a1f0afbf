import { Alert, App, Button, Descriptions, Drawer, Empty, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FailedCall, Store } from '@kelola/contracts/channel-shops';
import type { ChannelCall } from '@kelola/contracts/channels';
import { DateText } from '../../../components/date-text.tsx';
import { useCan } from '../../../components/use-can.ts';
import { apiFetch } from '../../../lib/api-client.ts';
import { errorText } from '../../../lib/error-text.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { useChannelHealth, useRetryFailedCall } from '../api/shops-api.ts';

type Props = { store: Store | null; onClose: () => void; onReauthorize: (store: Store) => void };

/** "1 h 5 m", "3 d 2 h": the time left on a token, counting down each second. */
export function formatCountdown(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} m`;
  return `${m} m ${s} s`;
}

/** Channel health of one shop: token countdown, last order sync and stock push, failed calls with retry, call log. */
export function ChannelHealthDrawer({ store, onClose, onReauthorize }: Props) {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const workspaceId = useWorkspaceId();
  const health = useChannelHealth(store?.id ?? null);
  const retry = useRetryFailedCall(store?.id ?? '');
  const canWrite = useCan('store-list', 'WRITE');
  const calls = useQuery({
    queryKey: queryKeys.channels.of(workspaceId, 'calls', store?.id ?? ''),
    queryFn: () => apiFetch<{ items: ChannelCall[] }>(`/channels/${encodeURIComponent(store?.id ?? '')}/calls`, { query: { limit: 20 } }),
    enabled: store !== null,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const data = health.data;
  const expiresAt = data?.token.access_expires_at ? Date.parse(data.token.access_expires_at) : null;
  const left = expiresAt === null ? null : Math.floor((expiresAt - now) / 1000);

  return (
    <Drawer open={store !== null} onClose={onClose} width={760} title={t('health.title', { name: store?.name ?? '' })} destroyOnHidden>
      {health.error && <Alert type="error" showIcon message={errorText(health.error)} />}
      {data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {data.banner && (
            <Alert
              type={data.banner === 'REVOKED' ? 'error' : 'warning'}
              showIcon
              data-testid="health-banner"
              message={t(`health.banner.${data.banner}`)}
              description={data.channel.status_message ?? undefined}
              action={
                data.banner === 'REVOKED' && canWrite ? (
                  <Button size="small" onClick={() => onReauthorize(data.channel)}>
                    {t('health.reauthorize')}
                  </Button>
                ) : undefined
              }
            />
          )}
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('health.token')}>
              {left === null ? (
                t('health.noExpiry')
              ) : left > 0 ? (
                <Space direction="vertical" size={0}>
                  <Typography.Text data-testid="token-countdown">{t('health.expiresIn', { time: formatCountdown(left) })}</Typography.Text>
                  {data.token.auto_refresh && <Typography.Text type="secondary">{t('health.autoRefresh')}</Typography.Text>}
                </Space>
              ) : (
                <Typography.Text type="danger">{t('health.expired')}</Typography.Text>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={t('health.lastOrderSync')}>
              {data.last_order_sync_at ? <DateText value={data.last_order_sync_at} /> : t('health.never')}
            </Descriptions.Item>
            <Descriptions.Item label={t('health.lastStockPush')}>
              {data.last_stock_push_at ? <DateText value={data.last_stock_push_at} /> : t('health.never')}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('health.failedCalls')}</Typography.Title>
          <Table<FailedCall>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.failed_calls}
            locale={{ emptyText: <Empty description={t('health.noFailed')} /> }}
            columns={[
              { title: t('health.operation'), dataIndex: 'operation' },
              { title: t('health.message'), dataIndex: 'error_message' },
              { title: t('health.failedAt'), dataIndex: 'failed_at', render: (value: string) => <DateText value={value} /> },
              {
                title: '',
                key: 'retry',
                render: (_value, row) =>
                  row.retried_at ? (
                    <Tag>{t('health.retried')}</Tag>
                  ) : canWrite ? (
                    <Button
                      size="small"
                      loading={retry.isPending}
                      onClick={() =>
                        retry.mutate(row.id, {
                          onSuccess: () => void message.success(t('health.retryQueued')),
                          onError: (error) => void message.error(errorText(error)),
                        })
                      }
                    >
                      {t('health.retry')}
                    </Button>
                  ) : null,
              },
            ]}
          />
          <Typography.Title level={5}>{t('health.calls')}</Typography.Title>
          <Table<ChannelCall>
            rowKey="id"
            size="small"
            pagination={false}
            loading={calls.isFetching}
            dataSource={calls.data?.items ?? []}
            columns={[
              { title: t('health.failedAt'), dataIndex: 'at', render: (value: string) => <DateText value={value} /> },
              { title: t('health.operation'), dataIndex: 'operation' },
              {
                title: '',
                dataIndex: 'outcome',
                render: (outcome: 'ok' | 'error') => (
                  <Tag color={outcome === 'ok' ? 'success' : 'error'}>{t(`health.outcome.${outcome}`)}</Tag>
                ),
              },
              { title: t('health.message'), dataIndex: 'error_message', render: (value: string | null) => value ?? '' },
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
