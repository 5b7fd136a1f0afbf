import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textLimit } from '../../../components/text-limit.ts';
import { errorText } from '../../../lib/error-text.ts';
import { useCancellationReasons } from '../api/orders-api.ts';

type Props = {
  /** The order whose channel's reasons are offered (for a bulk cancel: the first selected order). */
  orderId: string | null;
  open: boolean;
  /** A manual order: the sales-manual reasons. */
  manual?: boolean;
  busy?: boolean;
  onCancel: () => void;
  onSubmit: (input: { reason_id: string; reason_detail?: string }) => void;
};

/** Cancel with a reason from the channel's own list; none chosen says 'Please choose a reason' and sends nothing. */
export function CancelOrderModal({ orderId, open, manual, busy, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('orders');
  const reasons = useCancellationReasons(open ? orderId : null, manual);
  const [reasonId, setReasonId] = useState<string | undefined>();
  const [detail, setDetail] = useState('');
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (!open) {
      setReasonId(undefined);
      setDetail('');
      setMissing(false);
    }
  }, [open]);

  const submit = () => {
    if (!reasonId) {
      setMissing(true);
      return;
    }
    onSubmit({ reason_id: reasonId, reason_detail: detail.trim() || undefined });
  };

  return (
    <Modal
      open={open}
      title={t('cancel.title')}
      okText={t('cancel.submit')}
      cancelText={t('cancel.back')}
      okButtonProps={{ danger: true, loading: busy }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {reasons.error ? <Alert type="error" showIcon message={errorText(reasons.error)} style={{ marginBottom: 12 }} /> : null}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('cancel.reason')}
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? t('validation:REASON_REQUIRED') : undefined}
        >
          <Select
            data-testid="cancel-reason"
            placeholder={t('cancel.reasonPlaceholder')}
            loading={reasons.isFetching}
            value={reasonId}
            options={(reasons.data?.items ?? []).map((reason) => ({
              value: reason.id,
              // The channel's label in the user's language where Kelola knows the reason, else as the channel gives it.
              label: /^[A-Za-z0-9_]+$/.test(reason.id) ? t(`cancelReasons.${reason.id}`, { defaultValue: reason.label }) : reason.label,
            }))}
            onChange={(value: string) => {
              setReasonId(value);
              setMissing(false);
            }}
          />
        </Form.Item>
        <Form.Item label={t('cancel.detail')}>
          <Input.TextArea rows={3} count={textLimit(500)} value={detail} onChange={(event) => setDetail(event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
