import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BusinessListEntry, RestrictionBase } from '@kelola/contracts/me';

export const ALL_ENTRIES = 'all';
export const SELECTOR_WIDTH = 250;

type Props = {
  entries: BusinessListEntry[];
  restriction: RestrictionBase | null;
  value: string | null;
  onChange: (value: string) => void;
};

/** The id an entry stands for: its business (Business restriction) or its warehouse (Warehouse restriction). */
export function entryValue(entry: BusinessListEntry, restriction: RestrictionBase | null): string {
  return (restriction === 'WAREHOUSE' ? entry.warehouse_id : entry.business_id) ?? entry.warehouse_id ?? entry.business_id ?? entry.name;
}

/** Searchable business or warehouse selector of the top bar (spec part 6): 250 px, disabled with fewer than 2 entries. */
export function BusinessSelector({ entries, restriction, value, onChange }: Props) {
  const { t } = useTranslation('shell');
  const options = entries.map((entry) => ({ value: entryValue(entry, restriction), label: entry.name }));
  if (entries.length > 1) options.unshift({ value: ALL_ENTRIES, label: t(restriction === 'WAREHOUSE' ? 'selector.allWarehouses' : 'selector.allBusinesses') });
  const selected = value ?? (entries.length > 1 ? ALL_ENTRIES : options[0]?.value);
  return (
    <Select
      data-testid="business-selector"
      style={{ width: SELECTOR_WIDTH }}
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
      value={selected}
      disabled={entries.length < 2}
      placeholder={t(restriction === 'WAREHOUSE' ? 'selector.warehousePlaceholder' : 'selector.businessPlaceholder')}
      aria-label={t(restriction === 'WAREHOUSE' ? 'selector.warehouseLabel' : 'selector.businessLabel')}
      onChange={onChange}
    />
  );
}
