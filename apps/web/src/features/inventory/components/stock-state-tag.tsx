import type { StockState } from '@kelola/domain';
import { useTranslation } from 'react-i18next';
import { StatusTag, type StatusTone } from '../../../components/status-tag.tsx';

const TONES: Record<StockState, StatusTone> = { IN_STOCK: 'success', OUT_OF_STOCK: 'warning', MINUS_STOCK: 'error' };

/** A balance's stock state (spec part 4: in stock, out of stock, minus stock) as a coloured tag. */
export function StockStateTag({ state }: { state: StockState }) {
  const { t } = useTranslation('inventory');
  return <StatusTag status={state} label={t(`stockState.${state}`)} tone={TONES[state]} />;
}
