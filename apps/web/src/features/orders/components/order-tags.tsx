import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderRow } from '../api/orders-api.ts';

const STATUS_COLORS: Record<string, string> = {
  DRAFT: 'default',
  UNPAID: 'orange',
  NEW: 'blue',
  CONFIRMED: 'geekblue',
  ON_PROCESS: 'processing',
  READY_TO_SHIP: 'cyan',
  SHIPPED: 'purple',
  DELIVERED: 'green',
  COMPLETED: 'success',
  CANCEL_REQUESTED: 'warning',
  CANCEL_CONFIRMATION: 'volcano',
  CANCELED: 'error',
};

const MARKETPLACE_COLORS: Record<string, string> = { shopee: '#ee4d2d', tokopedia: '#03ac0e', tiktok: '#111111', lazada: '#0f146d' };

/** Our order status as a coloured tag. */
export function OrderStatusTag({ status }: { status: string }) {
  const { t } = useTranslation('orders');
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} data-status={status}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

/** The marketplace in its brand colour with the shop name; manual orders say so. */
export function ChannelTag({ order }: { order: Pick<OrderRow, 'source' | 'marketplace' | 'channel_name'> }) {
  const { t } = useTranslation('orders');
  if (order.source === 'MANUAL' || !order.marketplace) return <Tag>{t('source.MANUAL')}</Tag>;
  const key = order.marketplace.toLowerCase();
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <Tag color={MARKETPLACE_COLORS[key] ?? 'blue'} data-marketplace={key}>
        {t(`marketplace.${key}`, { defaultValue: order.marketplace })}
      </Tag>
      {order.channel_name}
    </span>
  );
}
