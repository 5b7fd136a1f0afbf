import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/status-tag.tsx';

/** DRAFT (stock unchanged) or POSTED (stock moved) of a goods receipt or stock adjustment. */
export function DocumentStatusTag({ status }: { status: 'DRAFT' | 'POSTED' }) {
  const { t } = useTranslation('stock-documents');
  return <StatusTag status={status} label={t(`status.${status}`)} tone={status === 'POSTED' ? 'success' : 'default'} />;
}
