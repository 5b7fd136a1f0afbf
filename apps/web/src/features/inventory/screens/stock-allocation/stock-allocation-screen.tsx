import { useTranslation } from 'react-i18next';
import { AllocationPanel } from '../../components/allocation-panel.tsx';

/** /inventory/stock-alocation (spelling as in the spec): stock allocation per channel of a warehouse. */
export function StockAllocationScreen() {
  const { t } = useTranslation('stock-documents');
  return <AllocationPanel title={t('allocation.title')} />;
}

/** /product/allocation: the same screen reached from the product area; `?catalog_id=` chooses the SKU. */
export function ProductAllocationScreen() {
  const { t } = useTranslation('stock-documents');
  return <AllocationPanel title={t('allocation.productTitle')} />;
}
