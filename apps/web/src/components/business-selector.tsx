import { useTranslation } from 'react-i18next';
import type { BusinessListEntry, RestrictionBase } from '@kelola/contracts/me';
import { LazySelect } from './lazy-select.tsx';

export const ALL_ENTRIES = 'all';
export const SELECTOR_WIDTH = 250;

type Props = {
  entries: BusinessListEntry[];
  restriction: RestrictionBase | null;
  value: string | null;
  onChange: (value: string) => void;
  /** Narrower on phones, where the top bar has little room. */
  width?: number | string;
};

/** The id an entry stands for: its business (Business restriction) or its warehouse (Warehouse restriction). */
export function entryValue(entry: BusinessListEntry, restriction: RestrictionBase | null): string {
  return (restriction === 'WAREHOUSE' ? entry.warehouse_id : entry.business_id) ?? entry.warehouse_id ?? entry.business_id ?? entry.name;
}

/**
 * Whether the selector offers the 'all' entry (spec part 6): a restriction other than Business adds it
 * unless exactly one entry exists; the Business selector shows it when more than one business exists.
 */
export function hasAllEntry(restriction: RestrictionBase | null, count: number): boolean {
  return restriction !== null && restriction !== 'BUSINESS' ? count !== 1 : count > 1;
}

export type SelectorModel = { options: { value: string; label: string }[]; value: string | undefined; disabled: boolean };

/** Options, selection and state of the selector; it is disabled with fewer than 2 options. */
export function selectorModel(
  entries: BusinessListEntry[],
  restriction: RestrictionBase | null,
  value: string | null,
  allLabel: string,
): SelectorModel {
  const options = entries.map((entry) => ({ value: entryValue(entry, restriction), label: entry.name }));
  const withAll = hasAllEntry(restriction, entries.length);
  if (withAll) options.unshift({ value: ALL_ENTRIES, label: allLabel });
  const known = value !== null && options.some((option) => option.value === value);
  const selected = known ? value : withAll ? ALL_ENTRIES : options[0]?.value;
  return { options, value: selected, disabled: options.length < 2 };
}

/**
 * Searchable business or warehouse selector of the top bar (spec part 6): 250 px, disabled with fewer than 2 options.
 * antd's Select, loaded when first wanted (lazy-select.tsx, ADR 0059).
 */
export function BusinessSelector({ entries, restriction, value, onChange, width = SELECTOR_WIDTH }: Props) {
  const { t } = useTranslation('shell');
  const warehouse = restriction === 'WAREHOUSE';
  const model = selectorModel(entries, restriction, value, t(warehouse ? 'selector.allWarehouses' : 'selector.allBusinesses'));
  return (
    <LazySelect
      data-testid="business-selector"
      style={{ width, maxWidth: '100%' }}
      options={model.options}
      value={model.value}
      disabled={model.disabled}
      placeholder={t(warehouse ? 'selector.warehousePlaceholder' : 'selector.businessPlaceholder')}
      aria-label={t(warehouse ? 'selector.warehouseLabel' : 'selector.businessLabel')}
      notFoundContent={t('selector.noMatch')}
      onChange={onChange}
    />
  );
}
