import type { Distributor } from '@kelola/contracts/distributors';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../../components/status-tag.tsx';

/** A distributor's status: active green, inactive grey (the shared tones), with the feature's own words. */
export function DistributorStatusTag({ status }: { status: Distributor['status'] }) {
  const { t } = useTranslation('distributors');
  return <StatusTag status={status} label={t(`status.${status}`)} />;
}
