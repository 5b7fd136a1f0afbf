import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../../components/use-can.ts';
import { useWarehouseOptions } from '../../../lib/warehouses.ts';

type Props = {
  value?: string;
  onChange?: (warehouseId: string | undefined) => void;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so its label points here. */
  id?: string;
  /** A name to show for a value the list does not hold (a document's own warehouse). */
  selectedLabel?: string;
  'aria-label'?: string;
  'data-testid'?: string;
};

/**
 * A searchable choice of one warehouse for a document or the allocation screen: the warehouses of the top bar's
 * business (GET /api/warehouses, which needs READ on `warehouse`).
 */
export function DocumentWarehouseSelect(props: Props) {
  const { value, onChange, placeholder, allowClear, disabled, style, id, selectedLabel } = props;
  const { t } = useTranslation('stock-documents');
  const [params] = useSearchParams();
  const canList = useCan('warehouse', 'READ');
  const warehouses = useWarehouseOptions(params.get('business_id'), canList);
  const options = [...warehouses.options];
  if (value && selectedLabel && !options.some((o) => o.value === value)) options.unshift({ value, label: selectedLabel });
  const text = placeholder ?? t('fields.warehousePlaceholder');
  return (
    <Select
      id={id}
      data-testid={props['data-testid'] ?? 'warehouse-select'}
      aria-label={props['aria-label'] ?? text}
      style={{ minWidth: 200, ...style }}
      value={value ?? null}
      placeholder={text}
      allowClear={allowClear}
      disabled={disabled}
      loading={warehouses.isFetching}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      notFoundContent={
        warehouses.isError ? t('fields.warehousesFailed') : canList ? t('fields.noWarehouses') : t('fields.noWarehouseAccess')
      }
      onChange={(next?: string | null) => onChange?.(next ?? undefined)}
    />
  );
}
