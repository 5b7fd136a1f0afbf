import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSkuSearch } from '../api/catalog-variable-api.ts';
import { useDebounced } from './use-debounced.ts';

export type PickedSku = { id: string; sku: string; name: string };

type Props = { value: PickedSku | null; onChange: (sku: PickedSku | null) => void };

/** A searchable SKU select: type part of a SKU code or name; the server searches (GET /api/catalogs). */
export function SkuPicker({ value, onChange }: Props) {
  const { t } = useTranslation('pricing');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim(), 300);
  const found = useSkuSearch(debounced);
  const items = found.data?.items ?? [];
  const options = items.map((item) => ({ value: item.id, label: `${item.sku} · ${item.name}` }));
  if (value && !items.some((item) => item.id === value.id)) options.unshift({ value: value.id, label: `${value.sku} · ${value.name}` });

  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value?.id ?? null}
      placeholder={t('skuValues.pickSku')}
      aria-label={t('skuValues.pickSku')}
      loading={found.isFetching}
      options={options}
      notFoundContent={t('skuValues.noSku')}
      onChange={(id: string | null | undefined) => {
        const item = items.find((i) => i.id === id);
        onChange(item ? { id: item.id, sku: item.sku, name: item.name } : id && value?.id === id ? value : null);
      }}
      style={{ width: '100%', maxWidth: 480 }}
    />
  );
}
