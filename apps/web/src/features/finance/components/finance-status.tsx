import { StatusTag, type StatusTone } from '../../../components/status-tag.tsx';
import { useTranslation } from 'react-i18next';

const TONES: Record<string, StatusTone> = {
  OUTSTANDING: 'warning',
  PARTIALLY_PAID: 'processing',
  PAID: 'success',
  CANCELLED: 'default',
  NEED_CONFIRMATION: 'warning',
  CONFIRMED: 'success',
  REJECTED: 'error',
  SUBMITTED: 'warning',
  APPROVED: 'processing',
  PROCESSED: 'processing',
  COMPLETED: 'success',
  CANCELED: 'default',
  FAILED: 'error',
};

/** A finance status (invoice, payment, withdrawal) with its translated label. */
export function FinanceStatus({ status }: { status: string }) {
  const { t } = useTranslation('finance');
  return <StatusTag status={status} label={t(`status.${status}`, { defaultValue: status })} tone={TONES[status] ?? 'default'} />;
}
