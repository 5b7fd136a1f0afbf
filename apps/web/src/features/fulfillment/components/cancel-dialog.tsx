import type { FulfillmentKind } from '@kelola/contracts/fulfillment';
import { FULFILLMENT_CANCEL_DETAIL_MIN } from '@kelola/domain';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { useFulfillmentReasons } from '../api/fulfillment-api.ts';
import { textLimit } from '../../../components/text-limit.ts';

type Props = {
  kind: FulfillmentKind;
  orderId: string | null;
  open: boolean;
  busy?: boolean;
  error?: unknown;
  onCancel: () => void;
  onSubmit: (input: { reason_id: string; reason_detail: string }) => void;
};

/**
 * Cancel from fulfillment (spec part 5): a reason ('Please choose a reason') and a detail of at least 30 characters;
 * nothing is sent until both are there.
 */
export function CancelDialog({ kind, orderId, open, busy, error, onCancel, onSubmit }: Props) {
  const { t } = useTranslation('fulfillment');
  const reasons = useFulfillmentReasons(kind, open ? orderId : null);
  const [reasonId, setReasonId] = useState<string | undefined>();
  const [detail, setDetail] = useState('');
  const [tried, setTried] = useState(false);

  useEffect(() => {
    if (!open) {
      setReasonId(undefined);
      setDetail('');
      setTried(false);
    }
  }, [open]);

  const length = detail.trim().length;
  const shortDetail = length < FULFILLMENT_CANCEL_DETAIL_MIN;
  const submit = () => {
    setTried(true);
    if (!reasonId || shortDetail) return;
    onSubmit({ reason_id: reasonId, reason_detail: detail.trim() });
  };

  return (
    <Modal
      open={open}
      title={t('cancel.title')}
      okText={t('cancel.submit')}
      cancelText={t('cancel.back')}
      okButtonProps={{ danger: true, loading: busy, ...({ 'data-testid': 'cancel-submit' } as Record<string, string>) }}
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
    >
      {(reasons.error ?? error) ? (
        <Alert type="error" showIcon message={errorText(reasons.error ?? error)} style={{ marginBottom: 12 }} />
      ) : null}
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('cancel.reason')}
          required
          validateStatus={tried && !reasonId ? 'error' : undefined}
          help={tried && !reasonId ? t('validation:REASON_REQUIRED') : undefined}
        >
          <Select
            data-testid="cancel-reason"
            placeholder={t('cancel.reasonPlaceholder')}
            loading={reasons.isFetching}
            value={reasonId}
            options={(reasons.data?.items ?? []).map((reason) => ({ value: reason.id, label: reason.label }))}
            onChange={(value: string) => setReasonId(value)}
          />
        </Form.Item>
        <Form.Item
          label={t('cancel.detail')}
          required
          validateStatus={tried && shortDetail ? 'error' : undefined}
          help={
            tried && shortDetail
              ? t('validation:CANCEL_DETAIL_TOO_SHORT')
              : t('cancel.detailHelp', { min: FULFILLMENT_CANCEL_DETAIL_MIN, count: length })
          }
        >
          <Input.TextArea
            data-testid="cancel-detail"
            rows={3}
            count={textLimit(500)}
            value={detail}
            onChange={(event) => setDetail(event.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
