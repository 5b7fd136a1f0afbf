import { Form, InputNumber, Typography } from 'antd';
import type { FormRule } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AdjustmentInput } from '@kelola/contracts/inventory';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useAvailableStock } from '../../../lib/stock.ts';
import { DocumentLinesTable } from './document-lines-table.tsx';
import { DocumentQuantity } from './document-quantity.tsx';
import { quantityRule } from './document-rules.tsx';

export type AdjustmentItemValues = { catalog_id?: string; change?: number | null };

/** What the saved draft already knows: its warehouse, each SKU's label and the available stock the server reported. */
export type SavedItems = { warehouseId: string; labels: Record<string, string>; available: Record<string, number> };

const changeSchema = AdjustmentInput.shape.items.element.shape.change;

/** Stock after the change, or undefined while the available stock or the change is unknown. */
export const afterChange = (available: number | undefined, change: number | null | undefined) =>
  available === undefined || change === null || change === undefined || Number.isNaN(Number(change))
    ? undefined
    : available + Number(change);

/**
 * The items of a stock adjustment as a Form.List named `items`: SKU, "stok tersedia" (the SKU's available stock in the
 * chosen warehouse, GET /api/inventory/catalogs/:id), the change (+/−) and "setelah perubahan" computed live. A line
 * that would take away stock reserved for orders or set aside for channels (after the change below minus its safety
 * stock) shows the error on its change field and blocks saving, as the server would refuse it.
 */
export function DocumentAdjustmentItems({ saved }: { saved?: SavedItems }) {
  const { t } = useTranslation('stock-documents');
  const form = Form.useFormInstance();
  const warehouseId = Form.useWatch('warehouse_id', form) as string | undefined;
  const items = (Form.useWatch('items', form) ?? []) as AdjustmentItemValues[];
  const canReadStock = useCan('list-inventory', 'READ');
  const stock = useAvailableStock(
    warehouseId,
    items.map((item) => item.catalog_id),
    canReadStock,
  );

  const availableOf = (catalogId: string | undefined): number | undefined => {
    if (!catalogId) return undefined;
    const live = stock.available.get(catalogId);
    if (live !== undefined) return live;
    return saved && saved.warehouseId === warehouseId ? saved.available[catalogId] : undefined;
  };

  const changeRules = (index: number): FormRule[] => [
    quantityRule(changeSchema, t('form.changeInvalid')),
    {
      validator: async (_rule, value: unknown) => {
        const catalogId = (form.getFieldValue(['items', index, 'catalog_id']) as string | undefined) ?? undefined;
        const after = afterChange(availableOf(catalogId), value as number | null | undefined);
        // Below the safety stock is allowed (minus stock); what orders reserved or channels set aside is not.
        const safety = catalogId ? (stock.safetyStock.get(catalogId) ?? 0) : 0;
        if (after !== undefined && after + safety < 0) throw new Error(t('form.afterNegative'));
      },
    },
  ];

  // When a SKU's stock arrives (or the warehouse changes), lines already filled in are checked again.
  const availableText = items.map((item) => `${item.catalog_id ?? ''}=${availableOf(item.catalog_id) ?? ''}`).join(',');
  useEffect(() => {
    const filled = items.flatMap((item, index) =>
      item.change !== undefined && item.change !== null ? [['items', index, 'change'] as (string | number)[]] : [],
    );
    if (filled.length > 0) void form.validateFields(filled).catch(() => undefined);
    // Re-check only when what the lines compare against changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [availableText]);

  return (
    <DocumentLinesTable
      name="items"
      requiredMessage={t('form.itemsRequired')}
      data-testid="adjustment-items"
      columns={[
        {
          title: t('columns.sku'),
          key: 'sku',
          render: (_v, field) => {
            const catalogId = items[field.name]?.catalog_id;
            return (
              <Form.Item
                name={[field.name, 'catalog_id']}
                rules={[{ required: true, message: t('form.skuRequired') }]}
                style={{ margin: 0 }}
              >
                <SkuPicker
                  stockedOnly
                  allowClear={false}
                  selectedLabel={catalogId ? saved?.labels[catalogId] : undefined}
                  aria-label={t('form.lineSku', { line: field.name + 1 })}
                  data-testid={`item-${field.name}-sku`}
                  style={{ width: 300 }}
                />
              </Form.Item>
            );
          },
        },
        {
          title: t('columns.stockAvailable'),
          key: 'available',
          align: 'right',
          render: (_v, field) => (
            <DocumentQuantity value={availableOf(items[field.name]?.catalog_id)} data-testid={`item-${field.name}-available`} />
          ),
        },
        {
          title: t('columns.change'),
          key: 'change',
          render: (_v, field) => (
            <Form.Item
              name={[field.name, 'change']}
              rules={changeRules(field.name)}
              dependencies={['warehouse_id', ['items', field.name, 'catalog_id']]}
              style={{ margin: 0 }}
            >
              <InputNumber
                precision={0}
                aria-label={t('form.lineChange', { line: field.name + 1 })}
                placeholder={t('form.changePlaceholder')}
                style={{ width: 140 }}
              />
            </Form.Item>
          ),
        },
        {
          title: t('columns.afterChange'),
          key: 'after',
          align: 'right',
          render: (_v, field) => {
            const item = items[field.name];
            const after = afterChange(availableOf(item?.catalog_id), item?.change);
            return <DocumentQuantity value={after} data-testid={`item-${field.name}-after`} />;
          },
        },
      ]}
      footer={
        <>
          {!warehouseId && <Typography.Text type="secondary">{t('form.chooseWarehouseFirst')}</Typography.Text>}
          {warehouseId && !canReadStock && <Typography.Text type="secondary">{t('form.noStockAccess')}</Typography.Text>}
          {stock.failed && <Typography.Text type="warning">{t('form.stockFailed')}</Typography.Text>}
        </>
      }
    />
  );
}
