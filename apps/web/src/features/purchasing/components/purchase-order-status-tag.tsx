import type { PurchaseOrderStatus } from '@kelola/contracts/purchasing';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../components/status-tag.tsx';

/** Tones of a purchase order's statuses: waiting is blue, partly in is orange, done is green, ended short is grey. */
const TONES: Record<PurchaseOrderStatus, StatusTone> = {
  CREATED: 'processing',
  PARTIAL_RECEIVED: 'warning',
  RECEIVED: 'success',
  UNRECEIVED: 'default',
  CANCELLED: 'error',
};

export function PurchaseOrderStatusTag({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation('purchasing');
  return <StatusTag status={status} label={t(`status.${status}`)} tone={TONES[status]} />;
}
