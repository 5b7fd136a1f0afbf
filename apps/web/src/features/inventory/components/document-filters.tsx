import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADJUSTMENT_TYPES, DOCUMENT_STATUSES } from '@kelola/contracts/inventory';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import type { ListQuery } from '../../../components/use-list-query.ts';
import { WAREHOUSE_FILTER, WarehouseFilter, useWarehouseScope } from '../../../components/warehouse-filter.tsx';

/** URL filters of the document lists; the warehouse filter falls back to the top bar's warehouse (`warehouse_id`). */
export const RECEIPT_FILTERS = [WAREHOUSE_FILTER, 'status', 'catalog_id'] as const;
export const ADJUSTMENT_FILTERS = [WAREHOUSE_FILTER, 'status', 'type', 'catalog_id'] as const;
export type DocumentFilter = (typeof ADJUSTMENT_FILTERS)[number];

/** The list's API query (page, size, sort, filters) and its warehouse scope, shared with the filter bar. */
export function useDocumentQuery(query: ListQuery<DocumentFilter>) {
  const scope = useWarehouseScope(query.filters[WAREHOUSE_FILTER]);
  const { [WAREHOUSE_FILTER]: _warehouse, ...rest } = query.params;
  const params: Record<string, string | number> = scope.warehouseId ? { ...rest, warehouse_id: scope.warehouseId } : rest;
  return { params, scope };
}

type Props = { query: ListQuery<DocumentFilter>; scope: ReturnType<typeof useWarehouseScope>; withType?: boolean };

/** Warehouse, status, (adjustment type) and SKU filters bound to the list's URL query. */
export function DocumentFilters({ query, scope, withType }: Props) {
  const { t } = useTranslation('stock-documents');
  return (
    <>
      <WarehouseFilter
        value={scope.warehouseId}
        options={scope.options}
        loading={scope.loading}
        onChange={(value) => query.setFilters({ [WAREHOUSE_FILTER]: value })}
      />
      <Select
        data-testid="filter-status"
        style={{ minWidth: 140 }}
        allowClear
        placeholder={t('filters.status')}
        aria-label={t('filters.status')}
        options={DOCUMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        value={query.filters.status ?? null}
        onChange={(value?: string | null) => query.setFilters({ status: value })}
      />
      {withType && (
        <Select
          data-testid="filter-type"
          style={{ minWidth: 160 }}
          allowClear
          placeholder={t('filters.type')}
          aria-label={t('filters.type')}
          options={ADJUSTMENT_TYPES.map((type) => ({ value: type, label: t(`adjustmentType.${type}`) }))}
          value={query.filters.type ?? null}
          onChange={(value?: string | null) => query.setFilters({ type: value })}
        />
      )}
      <SkuPicker
        data-testid="filter-sku"
        stockedOnly
        placeholder={t('filters.sku')}
        value={query.filters.catalog_id}
        onChange={(value) => query.setFilters({ catalog_id: value })}
      />
    </>
  );
}
