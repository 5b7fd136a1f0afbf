import type { FulfillmentKind } from '@kelola/contracts/fulfillment';
import type { FulfillmentAction } from '@kelola/domain';
import { stockPhase } from '@kelola/domain/order-state';
import { Alert, Button, Card, Flex, Table, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { DetailPage } from '../../../components/detail-page.tsx';
import { useCan } from '../../../components/use-can.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useFulfillment, useFulfillmentWrite, usePickupSlots, useReserveOrderStock } from '../api/fulfillment-api.ts';
import { CancelDialog } from '../components/cancel-dialog.tsx';
import { ShipDialog } from '../components/ship-dialog.tsx';

/**
 * /fulfillment/detail?id= and /delivery-order/detail?id=: the order with its step, the next step's button, ship
 * (dialog), cancel (reason and ≥ 30 characters), update-order while the goods are not issued, the lines and the
 * order's timeline (who did each step and when).
 */
export function FulfillmentDetailScreen({ kind }: { kind: FulfillmentKind }) {
  const { t } = useTranslation('fulfillment');
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const location = useLocation();
  const canWrite = useCan(kind, 'WRITE');
  const detail = useFulfillment(kind, id);
  const write = useFulfillmentWrite(kind);
  // A short order's goods cannot be issued: "check stock again" reserves them once they are there (ADR 0069).
  const canReserve = useCan('sales', 'WRITE');
  const reserve = useReserveOrderStock();
  const reserveStock = (orderId: string) =>
    reserve.mutate(orderId, {
      onSuccess: (after) =>
        after.stock_short ? notifyHttpError(new Error(t('stockShort.stillShort'))) : notifySuccess(t('stockShort.reserved')),
      onError: notifyHttpError,
    });
  const [dialog, setDialog] = useState<'ship' | 'cancel' | null>(null);
  const order = detail.data;
  const pickupSlots = usePickupSlots(kind, order?.id ?? null, dialog === 'ship' && order?.source === 'MARKETPLACE');

  const run = async (action: FulfillmentAction) => {
    if (!id) return;
    try {
      await write.mutateAsync({ id, write: { kind: 'step', action } });
      notifySuccess(t(`actions.${action}`));
    } catch (error) {
      notifyHttpError(error);
    }
  };

  const f = order?.fulfillment;
  const stepActions = (f?.allowed_actions ?? []).filter((a) => a !== 'SHIP');
  const actions =
    order && f && canWrite ? (
      <Flex gap={8} wrap>
        {stepActions.map((action) => (
          <Button key={action} type="primary" data-testid={`action-${action}`} loading={write.isPending} onClick={() => void run(action)}>
            {t(`actions.${action}`)}
          </Button>
        ))}
        {f.allowed_actions.includes('SHIP') && f.shipment_state !== 'SENDING' && (
          <Button type="primary" data-testid="action-SHIP" onClick={() => setDialog('ship')}>
            {t('detail.ship')}
          </Button>
        )}
        {f.editable && (
          <Button
            data-testid="update-order"
            onClick={() =>
              void navigate(withWorkspaceQuery(`/${kind}/detail/update-order?id=${encodeURIComponent(order.id)}`, location.search))
            }
          >
            {t('detail.updateOrder')}
          </Button>
        )}
        {f.step !== 'SHIPPED' && !['CANCELED', 'CANCEL_REQUESTED'].includes(order.status) && (
          <Button danger data-testid="cancel-order" onClick={() => setDialog('cancel')}>
            {t('detail.cancel')}
          </Button>
        )}
      </Flex>
    ) : undefined;

  const address = order?.shipping_address;
  return (
    <DetailPage
      title={order ? t('detail.title', { number: order.order_number }) : t(`title.${kind}`)}
      backTo={`/${kind}`}
      actions={actions}
      loading={detail.isLoading}
      error={detail.error ?? (!id ? new Error(t('detail.notFound')) : null)}
      onRetry={() => void detail.refetch()}
      items={
        order && f
          ? [
              { key: 'step', label: t('detail.step'), value: <Tag data-testid="step">{t(`steps.${f.step}`)}</Tag> },
              { key: 'status', label: t('columns.status'), value: t(`orders:status.${order.status}`, { defaultValue: order.status }) },
              { key: 'channel', label: t('columns.channel'), value: order.channel_name ?? order.source },
              { key: 'date', label: t('columns.orderDate'), value: <DateText value={order.order_date} /> },
              {
                key: 'courier',
                label: t('columns.courier'),
                value: [order.courier_name, order.courier_service].filter(Boolean).join(' · '),
              },
              { key: 'receipt', label: t('detail.receipt'), value: <span data-testid="receipt">{order.receipt_number ?? ''}</span> },
              { key: 'note', label: t('detail.deliveryNote'), value: f.delivery_note_number },
              {
                key: 'address',
                label: t('detail.address'),
                value: address ? [address.name, address.phone, address.address, address.postal_code].filter(Boolean).join(', ') : null,
                span: 2,
              },
              {
                key: 'dropshipper',
                label: t('detail.dropshipper'),
                value: order.dropshipper ? `${order.dropshipper_name ?? ''} ${order.dropshipper_phone ?? ''}` : null,
              },
            ]
          : undefined
      }
    >
      {order?.stock_short && (
        <Alert
          type="warning"
          showIcon
          data-testid="order-stock-short"
          message={t('stockShort.detail')}
          action={
            canReserve && stockPhase(order.status) === 'reserved' ? (
              <Button size="small" data-testid="reserve-stock" loading={reserve.isPending} onClick={() => reserveStock(order.id)}>
                {t('stockShort.retry')}
              </Button>
            ) : undefined
          }
        />
      )}
      {f?.shipment_state === 'SENDING' && (
        <Alert type="info" showIcon message={t('detail.shipmentSending')} data-testid="shipment-sending" />
      )}
      {f?.shipment_state === 'FAILED' && (
        <Alert
          type="error"
          showIcon
          message={t('detail.shipmentFailed', { message: f.shipment_message ?? '' })}
          data-testid="shipment-failed"
        />
      )}
      {order && (
        <Card title={t('detail.lines')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={order.pack_lines}
            columns={[
              { title: t('detail.sku'), dataIndex: 'sku' },
              { title: t('detail.name'), dataIndex: 'name' },
              { title: t('detail.quantity'), dataIndex: 'quantity', align: 'right' },
            ]}
          />
        </Card>
      )}
      {order && (
        <Card title={t('detail.timeline')}>
          <Timeline
            data-testid="timeline"
            items={[...order.timeline].reverse().map((entry) => ({
              key: entry.id,
              children: (
                <Flex vertical>
                  <Typography.Text strong>
                    {t(`actions.${entry.event}`, { defaultValue: t(`orders:timeline.${entry.event}`, { defaultValue: entry.event }) })}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    <DateText value={entry.at} /> ·{' '}
                    {entry.actor_name ?? t(`orders:actor.${entry.actor_type}`, { defaultValue: entry.actor_type })}
                  </Typography.Text>
                  {entry.note && <Typography.Text type="secondary">{entry.note}</Typography.Text>}
                </Flex>
              ),
            }))}
          />
        </Card>
      )}
      {order && (
        <>
          <ShipDialog
            marketplace={order.source === 'MARKETPLACE'}
            open={dialog === 'ship'}
            slots={pickupSlots.data?.items}
            // Pending too: the render that opens the dialog enables the query before its fetch has started.
            slotsLoading={order.source === 'MARKETPLACE' && (pickupSlots.isPending || pickupSlots.isFetching)}
            slotsError={pickupSlots.error}
            busy={write.isPending}
            error={write.error}
            initialReceipt={order.receipt_number}
            onCancel={() => setDialog(null)}
            onSubmit={(input) =>
              void write
                .mutateAsync({ id: order.id, write: { kind: 'ship', ...input } })
                .then(() => setDialog(null))
                .catch(() => undefined)
            }
          />
          <CancelDialog
            kind={kind}
            orderId={order.id}
            open={dialog === 'cancel'}
            busy={write.isPending}
            error={write.error}
            onCancel={() => setDialog(null)}
            onSubmit={(input) =>
              void write
                .mutateAsync({ id: order.id, write: { kind: 'cancel', ...input } })
                .then(() => setDialog(null))
                .catch(() => undefined)
            }
          />
        </>
      )}
    </DetailPage>
  );
}

export const FulfillmentDetail = () => <FulfillmentDetailScreen kind="fulfillment" />;
export const DeliveryOrderDetail = () => <FulfillmentDetailScreen kind="delivery-order" />;
