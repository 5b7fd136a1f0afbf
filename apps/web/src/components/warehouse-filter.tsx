import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from './use-can.ts';
import { useWarehouseOptions } from '../lib/warehouses.ts';

/** The list's own warehouse filter lives under this URL key: `warehouse_id` is the top bar's and is carried everywhere. */
export const WAREHOUSE_FILTER = 'warehouse';

/**
 * The warehouse an inventory list shows: its own filter, else the top bar's warehouse (Warehouse restriction).
 * The options are the warehouses of the top bar's business when one is chosen (Business restriction).
 */
export function useWarehouseScope(filterValue: string | undefined) {
  const [params] = useSearchParams();
  const canList = useCan('warehouse', 'READ');
  const options = useWarehouseOptions(params.get('business_id'), canList);
  const warehouseId = filterValue ?? params.get('warehouse_id') ?? undefined;
  return { warehouseId, options: options.options, loading: options.isFetching };
}

type Props = {
  value: string | undefined;
  options: { value: string; label: string }[];
  loading?: boolean;
  onChange: (warehouseId: string | undefined) => void;
};

/** A searchable warehouse select for list filters ("Semua gudang" when empty). */
export function WarehouseFilter({ value, options, loading, onChange }: Props) {
  const { t } = useTranslation('inventory');
  return (
    <Select
      data-testid="filter-warehouse"
      style={{ minWidth: 200 }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('filters.warehouse')}
      aria-label={t('filters.warehouseLabel')}
      options={options}
      loading={loading}
      value={value}
      onChange={(next?: string) => onChange(next)}
    />
  );
}
