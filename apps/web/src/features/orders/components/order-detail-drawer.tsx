import { EditOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import type { Order } from '@kelola/contracts/orders';
import { stockPhase } from '@kelola/domain/order-state';
import { Alert, Button, Descriptions, Drawer, Flex, Popconfirm, Result, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useOrder, useOrderAction, type ManualStateAction, type OrderActionName } from '../api/orders-api.ts';
import { CancelOrderModal } from './cancel-order-modal.tsx';
import { cancelReasonText } from './cancel-reason-text.ts';
import { ChannelTag, OrderStatusTag } from './order-tags.tsx';

type Line = Order['lines'][number];

/** A deduction shown as negative; zero stays `Rp0`, not `Rp-0`. */
const less = (value: number) => (value ? -value : 0);

const SIMPLE_ACTIONS: { action: 'ACCEPT' | 'REJECT' | 'ACCEPT_CANCEL' | 'REFUSE_CANCEL'; path: OrderActionName; danger?: boolean }[] = [
  { action: 'ACCEPT', path: 'accept' },
  { action: 'ACCEPT_CANCEL', path: 'accept-cancel' },
  { action: 'REFUSE_CANCEL', path: 'refuse-cancel' },
  { action: 'REJECT', path: 'reject', danger: true },
];

const MANUAL_ACTIONS: ManualStateAction[] = ['CONFIRM', 'PAY', 'PROCESS', 'READY', 'SHIP', 'DELIVER', 'COMPLETE', 'CONFIRM_CANCEL'];

type Props = { orderId: string | null; onClose: () => void };

/** One order: lines, amounts and profit, buyer and address, courier, both statuses, timeline and the allowed actions. */
export function OrderDetailDrawer({ orderId, onClose }: Props) {
  const { t } = useTranslation('orders');
  const order = useOrder(orderId);
  const canWriteSales = useCan('sales', 'WRITE');
  const canWriteManual = useCan('manual-order', 'WRITE');
  const [cancelOpen, setCancelOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();
  const mutation = useOrderAction({
    onSuccess: (after, variables) => {
      setCancelOpen(false);
      if (variables.kind !== 'reserve-stock') notifySuccess(t('actions.done'));
      else if (after.stock_short) notifyHttpError(new Error(t('stockShort.stillShort')));
      else notifySuccess(t('stockShort.reserved'));
    },
  });
  const run = (variables: Parameters<typeof mutation.mutate>[0]) => mutation.mutate(variables, { onError: notifyHttpError });

  const data = order.data;
  const manual = data?.source === 'MANUAL';
  const canWrite = manual ? canWriteManual : canWriteSales;
  const sending = data?.marketplace_action?.state === 'SENDING';
  const failed = data?.marketplace_action?.state === 'FAILED';
  const allowed = new Set(data?.allowed_actions ?? []);
  const marketplaceName = data?.marketplace ? t(`marketplace.${data.marketplace.toLowerCase()}`, { defaultValue: data.marketplace }) : '';

  const lineColumns = [
    {
      title: t('lines.product'),
      key: 'product',
      render: (_: unknown, line: Line) => (
        <Flex vertical>
          <Typography.Text>{line.name}</Typography.Text>
          <Typography.Text type="secondary">
            {line.sku ?? line.marketplace_sku ?? '-'}
            {line.options ? ` · ${line.options}` : ''}
          </Typography.Text>
          {line.unmapped && (
            <Typography.Text type="warning" data-testid="unmapped-line">
              <WarningOutlined /> {t('lines.unmapped')}
            </Typography.Text>
          )}
          {line.short_quantity > 0 && (
            <Typography.Text type="danger">{t('lines.short', { quantity: line.short_quantity })}</Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('lines.quantity'), dataIndex: 'quantity', align: 'right' as const },
    { title: t('lines.unitPrice'), dataIndex: 'unit_price', align: 'right' as const, render: (v: number) => <MoneyText value={v} /> },
    { title: t('lines.discount'), dataIndex: 'discount', align: 'right' as const, render: (v: number) => <MoneyText value={v} /> },
    { title: t('lines.total'), dataIndex: 'total', align: 'right' as const, render: (v: number) => <MoneyText value={v} /> },
  ];

  let body;
  if (order.isLoading) body = <PageLoader />;
  else if (order.error || !data)
    body = (
      <Result
        status="warning"
        title={t('detail.loadFailed')}
        subTitle={errorText(order.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void order.refetch()}>
            {t('detail.retry')}
          </Button>
        }
      />
    );
  else {
    const a = data.amounts;
    const amountRows: [string, number, boolean?][] = [
      ['subtotal', a.subtotal],
      ['seller_discount', less(a.seller_discount)],
      ['marketplace_discount', less(a.marketplace_discount)],
      ['voucher', less(a.voucher)],
      ['deposit', less(a.deposit)],
      ['loyalty', less(a.loyalty)],
      ['shipping_fee_buyer', a.shipping_fee_buyer],
      ['buyer_total', a.buyer_total, true],
      ['admin_fee', less(a.admin_fee)],
      ['shipping_fee_seller', less(a.shipping_fee_seller)],
      ['merchant_net', a.merchant_net, true],
      ['cost', less(a.cost)],
      ['profit', a.profit, true],
    ];
    const address = data.shipping_address;
    body = (
      <Flex vertical gap={16}>
        {sending && (
          <Alert
            type="info"
            showIcon
            data-testid="marketplace-sending"
            message={t('marketplaceAction.sending', { marketplace: marketplaceName })}
          />
        )}
        {failed && (
          <Alert
            type="error"
            showIcon
            data-testid="marketplace-failed"
            message={t('marketplaceAction.failed', { marketplace: marketplaceName })}
            description={data.marketplace_action?.message}
            action={
              canWrite ? (
                <Button size="small" loading={mutation.isPending} onClick={() => run({ kind: 'retry', orderId: data.id })}>
                  {t('marketplaceAction.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
        {data.has_unmapped_lines && <Alert type="warning" showIcon message={t('lines.unmappedOrder')} />}
        {data.stock_short && (
          <Alert
            type="warning"
            showIcon
            data-testid="order-stock-short"
            message={t('stockShort.order')}
            action={
              canWriteSales && stockPhase(data.status) === 'reserved' ? (
                <Button
                  size="small"
                  data-testid="reserve-stock"
                  loading={mutation.isPending}
                  onClick={() => run({ kind: 'reserve-stock', orderId: data.id })}
                >
                  {t('stockShort.retry')}
                </Button>
              ) : undefined
            }
          />
        )}
        {canWrite && (
          <Space wrap data-testid="order-actions">
            {manual && data.status === 'DRAFT' && (
              <Button
                icon={<EditOutlined />}
                data-testid="edit-manual-order"
                onClick={() =>
                  void navigate(withWorkspaceQuery(`/manual-order/all/create?edit=${encodeURIComponent(data.id)}`, location.search))
                }
              >
                {t('manual.edit')}
              </Button>
            )}
            {manual &&
              MANUAL_ACTIONS.filter((action) => allowed.has(action)).map((action) => (
                <Popconfirm
                  key={action}
                  title={t('actions.confirmState')}
                  onConfirm={() => run({ kind: 'state', orderId: data.id, action })}
                >
                  <Button type={action === 'CONFIRM' ? 'primary' : 'default'} loading={mutation.isPending}>
                    {t(`manualActions.${action}`)}
                  </Button>
                </Popconfirm>
              ))}
            {SIMPLE_ACTIONS.filter((item) => !manual && allowed.has(item.action)).map((item) => (
              <Popconfirm
                key={item.action}
                title={t(`actions.confirm.${item.action}`)}
                onConfirm={() => run({ kind: 'action', orderId: data.id, action: item.path })}
              >
                <Button
                  type={item.action === 'ACCEPT' ? 'primary' : 'default'}
                  danger={item.danger}
                  disabled={sending}
                  loading={mutation.isPending}
                >
                  {t(`actions.${item.action}`)}
                </Button>
              </Popconfirm>
            ))}
            {allowed.has('CANCEL') && (
              <Button danger disabled={sending} onClick={() => setCancelOpen(true)}>
                {t('actions.CANCEL')}
              </Button>
            )}
          </Space>
        )}
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('columns.status')}>
            <OrderStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.marketplaceStatus')}>{data.marketplace_status ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.channel')}>
            <ChannelTag order={data} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.orderDate')}>
            <DateText value={data.order_date} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.payment')}>{t(`payment.${data.payment_status}`)}</Descriptions.Item>
          <Descriptions.Item label={t('detail.paymentMethod')}>{data.payment_method ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('columns.courier')}>
            {[data.courier_name, data.courier_service ?? data.service_type].filter(Boolean).join(' · ') || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.receipt')}>{data.receipt_number ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.warehouse')} span={2}>
            <span data-testid="order-warehouse">{data.warehouse_name ?? '-'}</span>
          </Descriptions.Item>
          {data.cancel_reason && (
            <Descriptions.Item label={t('detail.cancelReason')} span={2}>
              <span data-testid="cancel-reason-text">{cancelReasonText(t, data.cancel_reason)}</span>
            </Descriptions.Item>
          )}
        </Descriptions>
        <Descriptions size="small" column={1} title={t('detail.buyer')} bordered>
          <Descriptions.Item label={t('detail.buyerName')}>{data.buyer_name ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.phone')}>{data.buyer_phone ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.email')}>{data.buyer_email ?? '-'}</Descriptions.Item>
          <Descriptions.Item label={t('detail.address')}>
            {[address.name, address.phone, address.address, address.city, address.postal_code].filter(Boolean).join(', ') || '-'}
          </Descriptions.Item>
          {data.notes && <Descriptions.Item label={t('detail.notes')}>{data.notes}</Descriptions.Item>}
        </Descriptions>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.lines')}
        </Typography.Title>
        <Table<Line>
          rowKey="id"
          size="small"
          pagination={false}
          columns={lineColumns}
          dataSource={data.lines}
          scroll={{ x: 'max-content' }}
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.amounts')}
        </Typography.Title>
        <Descriptions size="small" column={1} bordered data-testid="order-amounts">
          {amountRows.map(([key, value, strong]) => (
            <Descriptions.Item key={key} label={strong ? <strong>{t(`amounts.${key}`)}</strong> : t(`amounts.${key}`)}>
              {strong ? (
                <strong>
                  <MoneyText value={value} />
                </strong>
              ) : (
                <MoneyText value={value} />
              )}
            </Descriptions.Item>
          ))}
        </Descriptions>
        {!a.cost_complete && <Typography.Text type="secondary">{t('amounts.costIncomplete')}</Typography.Text>}
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.timeline')}
        </Typography.Title>
        <Timeline
          items={data.timeline.map((entry) => ({
            key: entry.id,
            color: entry.event === 'MARKETPLACE_FAILED' || entry.event === 'SHIPMENT_FAILED' ? 'red' : 'blue',
            children: (
              <Flex vertical>
                <Typography.Text strong>
                  {t(`timeline.${entry.event}`, { defaultValue: entry.event })}
                  {entry.to_status ? ' → ' : ''}
                  {entry.to_status ? t(`status.${entry.to_status}`) : ''}
                </Typography.Text>
                <Typography.Text type="secondary">
                  <DateText value={entry.at} /> · {entry.actor_name ?? t(`actor.${entry.actor_type}`)}
                </Typography.Text>
                {entry.note && <Typography.Text>{entry.note}</Typography.Text>}
              </Flex>
            ),
          }))}
        />
      </Flex>
    );
  }

  return (
    <Drawer
      open={Boolean(orderId)}
      onClose={onClose}
      size={760}
      title={
        data ? (
          <Space>
            {t('detail.title', { number: data.order_number })}
            {data.source === 'MANUAL' && <Tag>{t('source.MANUAL')}</Tag>}
          </Space>
        ) : (
          t('detail.titleLoading')
        )
      }
      data-testid="order-drawer"
      destroyOnHidden
    >
      {body}
      <CancelOrderModal
        orderId={orderId}
        manual={manual}
        open={cancelOpen}
        busy={mutation.isPending}
        onCancel={() => setCancelOpen(false)}
        onSubmit={(input) => data && run({ kind: 'cancel', orderId: data.id, input, manual })}
      />
    </Drawer>
  );
}
