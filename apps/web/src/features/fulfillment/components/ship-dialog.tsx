import { Alert, Form, Input, Modal, Radio, Typography } from 'antd';
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
  onCancel: () => void;
  onSubmit: (input: { method: Method; receipt_number?: string }) => void;
};

/** Ship: the marketplace's pickup or drop-off, or the merchant's own courier with its receipt number. */
export function ShipDialog({ marketplace, open, busy, error, initialReceipt, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('fulfillment');
  const [method, setMethod] = useState<Method>(marketplace ? 'PICKUP' : 'OWN_COURIER');
  const [receipt, setReceipt] = useState(initialReceipt ?? '');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (open) {
      setMethod(marketplace ? 'PICKUP' : 'OWN_COURIER');
      setReceipt(initialReceipt ?? '');
      setTried(false);
    }
  }, [open, marketplace, initialReceipt]);

  const needsReceipt = method === 'OWN_COURIER';
  const submit = () => {
    setTried(true);
    if (needsReceipt && !receipt.trim()) return;
    onSubmit({ method, ...(needsReceipt ? { receipt_number: receipt.trim() } : {}) });
  };

  return (
    <Modal
      open={open}
      title={t('ship.title')}
      okText={t('ship.submit')}
      okButtonProps={{ loading: busy, ...({ 'data-testid': 'ship-submit' } as Record<string, string>) }}
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
          <Typography.Text type="secondary">{t('ship.marketplaceNote')}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
