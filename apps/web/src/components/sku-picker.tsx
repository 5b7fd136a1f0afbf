import { Select, Typography } from 'antd';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCatalogById, useCatalogSearch, type CatalogSearchItem } from '../lib/catalog-search.ts';
import { useDebounced } from '../lib/use-debounced.ts';

/** Wait after the last key stroke before asking the server. */
export const SKU_SEARCH_DEBOUNCE_MS = 300;
// Wide enough for "SKU — name" of most products, whatever the select's own width.
const POPUP_WIDTH = 420;

// SKUs seen by any picker on the page: a picker whose value comes from the URL or a saved document still shows
// "SKU — name" once the SKU has been listed, without a look-up by id (the search API has none).
const seen = new Map<string, CatalogSearchItem>();

/** Makes SKUs known to every picker (e.g. the lines of a loaded document), so their labels show. */
export function rememberCatalogs(items: readonly CatalogSearchItem[]): void {
  for (const item of items) seen.set(item.id, item);
}

/** How a SKU reads in the picker and elsewhere: "SKU — name". */
export const skuLabel = (item: { sku: string; name: string }) => `${item.sku} — ${item.name}`;

export type SkuPickerProps = {
  /** The chosen catalog (SKU) id. */
  value?: string;
  onChange?: (catalogId: string | undefined, item?: CatalogSearchItem) => void;
  /** Only SKUs that hold stock of their own (no bundles). */
  stockedOnly?: boolean;
  placeholder?: string;
  allowClear?: boolean;
  /** What to show for a `value` no picker has listed yet (e.g. "SKU — name" from the screen's own data). */
  selectedLabel?: string;
  disabled?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so its label points here. */
  id?: string;
  status?: 'error' | 'warning';
  'aria-label'?: string;
  'data-testid'?: string;
};

/** The server's rule (SKU prefix, or SKU or product name containing the text), applied locally while typing. */
function matches(item: CatalogSearchItem, typed: string): boolean {
  if (!typed) return true;
  return (
    item.sku.toLowerCase().startsWith(typed) || item.name.toLowerCase().includes(typed) || item.product_name.toLowerCase().includes(typed)
  );
}

/**
 * One SKU chosen by a remote, debounced search on SKU prefix or name (GET /api/catalogs), shown as "SKU — name".
 * Works inside a Form.Item (value/onChange) or bound to a list filter. The search runs only while the list is open.
 */
export function SkuPicker(props: SkuPickerProps) {
  const { value, onChange, stockedOnly = false, placeholder, allowClear = true, selectedLabel, disabled, style, id, status } = props;
  const { t } = useTranslation('components');
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const q = useDebounced(search, SKU_SEARCH_DEBOUNCE_MS);
  const result = useCatalogSearch(q, stockedOnly, open);
  const items = useMemo(() => result.data?.items ?? [], [result.data]);
  useEffect(() => rememberCatalogs(items), [items]);

  const listed = value ? (items.find((item) => item.id === value) ?? seen.get(value)) : undefined;
  // A value no picker has listed (from a link or a saved filter) is looked up by id, unless the screen labels it.
  const lookedUp = useCatalogById(value && !listed && !selectedLabel ? value : undefined);
  const known = listed ?? lookedUp.data ?? undefined;
  // The last answer, narrowed at once to what is being typed, until the server answers for the new text.
  const typed = search.trim().toLowerCase();
  const options = items
    .filter((item) => matches(item, typed))
    .map((item) => ({
      value: item.id,
      label: skuLabel(item),
      item,
    }));
  // The chosen SKU stays visible as the value even when the current search does not list it.
  if (value && !options.some((option) => option.value === value)) {
    options.unshift({
      value,
      label: known ? skuLabel(known) : (selectedLabel ?? t('skuPicker.selected')),
      item: known as CatalogSearchItem,
    });
  }
  const waiting = open && (result.isFetching || search !== q);
  const text = placeholder ?? t('skuPicker.placeholder');

  return (
    <Select<string, (typeof options)[number]>
      id={id}
      status={status}
      data-testid={props['data-testid'] ?? 'sku-picker'}
      aria-label={props['aria-label'] ?? text}
      style={{ minWidth: 240, ...style }}
      popupMatchSelectWidth={POPUP_WIDTH}
      value={value ?? null}
      placeholder={text}
      allowClear={allowClear}
      disabled={disabled}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      loading={waiting}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      options={options}
      optionRender={(option) =>
        option.data.item ? (
          <span>
            <Typography.Text strong>{option.data.item.sku}</Typography.Text>
            <Typography.Text type="secondary"> — {option.data.item.name}</Typography.Text>
          </span>
        ) : (
          option.label
        )
      }
      notFoundContent={waiting ? t('skuPicker.searching') : result.error ? t('skuPicker.failed') : t('skuPicker.empty')}
      onChange={(next, option) => {
        const chosen = Array.isArray(option) ? undefined : option?.item;
        if (chosen) seen.set(chosen.id, chosen);
        onChange?.(next ?? undefined, chosen);
      }}
    />
  );
}
