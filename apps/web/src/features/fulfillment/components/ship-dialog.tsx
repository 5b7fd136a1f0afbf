import '../../../lib/dayjs-language.ts';
import type { PickupSlot } from '@kelola/contracts/fulfillment';
import { Alert, Form, Input, Modal, Radio, Space, Spin, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { textLimit } from '../../../components/text-limit.ts';

type Method = 'PICKUP' | 'DROPOFF' | 'OWN_COURIER';
type Props = {
  /** A marketplace order: pickup or drop-off, the receipt number comes back; otherwise the own courier's number. */
  marketplace: boolean;
  open: boolean;
  busy?: boolean;
  error?: unknown;
  initialReceipt?: string | null;
  /** The marketplace's pickup time slots (none where it has no slots); `slotsLoading` while they are asked. */
  slots?: readonly PickupSlot[];
  slotsLoading?: boolean;
  slotsError?: unknown;
  onCancel: () => void;
  onSubmit: (input: { method: Method; receipt_number?: string; pickup_slot_id?: string }) => void;
};

/** "Rabu, 26 Nov 2026 · 09:00-12:00": the slot's day in the merchant's time and the marketplace's own time text. */
export const slotText = (slot: PickupSlot) => `${dayjs(slot.start).format('dddd, D MMM YYYY')} · ${slot.label}`;

/**
 * Ship: the marketplace's pickup (at one of its time slots, where it offers them) or drop-off, or the merchant's own
 * courier with its receipt number.
 */
export function ShipDialog({
  marketplace,
  open,
  busy,
  error,
  initialReceipt,
  slots = [],
  slotsLoading,
  slotsError,
  onCancel,
  onSubmit,
}: Props) {
  const { t } = useTranslation('fulfillment');
  const [method, setMethod] = useState<Method>(marketplace ? 'PICKUP' : 'OWN_COURIER');
  const [receipt, setReceipt] = useState(initialReceipt ?? '');
  const [tried, setTried] = useState(false);
  const [slotId, setSlotId] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (open) {
      setMethod(marketplace ? 'PICKUP' : 'OWN_COURIER');
      setReceipt(initialReceipt ?? '');
      setTried(false);
      setSlotId(undefined);
    }
  }, [open, marketplace, initialReceipt]);

  const needsReceipt = method === 'OWN_COURIER';
  const choosesSlot = method === 'PICKUP' && slots.length > 0;
  // The first offered slot until the user picks another (the marketplace's earliest pickup).
  const chosen = slots.find((slot) => slot.id === slotId) ?? slots[0];
  const submit = () => {
    setTried(true);
    if (needsReceipt && !receipt.trim()) return;
    if (method === 'PICKUP' && slotsLoading) return;
    onSubmit({
      method,
      ...(needsReceipt ? { receipt_number: receipt.trim() } : {}),
      ...(choosesSlot && chosen ? { pickup_slot_id: chosen.id } : {}),
    });
  };

  return (
    <Modal
      open={open}
      title={t('ship.title')}
      okText={t('ship.submit')}
      // A pickup waits for the marketplace's slots before it can be sent.
      okButtonProps={{
        loading: busy,
        disabled: method === 'PICKUP' && slotsLoading,
        ...({ 'data-testid': 'ship-submit' } as Record<string, string>),
      }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {error ? <Alert type="error" showIcon message={errorText(error)} style={{ marginBottom: 12 }} /> : null}
      <Form layout="vertical" component="div">
        <Form.Item label={t('ship.method')}>
          <Radio.Group data-testid="ship-method" value={method} onChange={(event) => setMethod(event.target.value as Method)}>
            {(marketplace ? (['PICKUP', 'DROPOFF'] as const) : (['OWN_COURIER'] as const)).map((m) => (
              <Radio key={m} value={m}>
                {t(`ship.${m}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {needsReceipt ? (
          <Form.Item
            label={t('ship.receipt')}
            required
            validateStatus={tried && !receipt.trim() ? 'error' : undefined}
            help={tried && !receipt.trim() ? t('validation:REQUIRED') : undefined}
          >
            <Input data-testid="ship-receipt" value={receipt} count={textLimit(100)} onChange={(event) => setReceipt(event.target.value)} />
          </Form.Item>
        ) : (
          <>
            {method === 'PICKUP' && slotsLoading && (
              <Form.Item label={t('ship.slot')}>
                <Spin size="small" /> <Typography.Text type="secondary">{t('ship.slotsLoading')}</Typography.Text>
              </Form.Item>
            )}
            {method === 'PICKUP' && !slotsLoading && slotsError ? (
              <Alert type="warning" showIcon message={t('ship.slotsFailed')} style={{ marginBottom: 12 }} data-testid="ship-slots-failed" />
            ) : null}
            {choosesSlot && !slotsLoading && (
              <Form.Item label={t('ship.slot')} required extra={t('ship.slotHint')}>
                <Radio.Group data-testid="ship-slots" value={chosen?.id} onChange={(event) => setSlotId(String(event.target.value))}>
                  <Space direction="vertical">
                    {slots.map((slot) => (
                      <Radio key={slot.id} value={slot.id} data-testid={`ship-slot-${slot.id}`}>
                        {slotText(slot)}
                      </Radio>
                    ))}
                  </Space>
                </Radio.Group>
              </Form.Item>
            )}
            <Typography.Text type="secondary">{t('ship.marketplaceNote')}</Typography.Text>
          </>
        )}
      </Form>
    </Modal>
  );
}
