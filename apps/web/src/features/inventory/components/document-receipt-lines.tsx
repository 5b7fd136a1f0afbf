import { Form, InputNumber, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoodsReceiptLineInput } from '@kelola/contracts/inventory';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import type { CatalogSearchItem } from '../../../lib/catalog-search.ts';
import { DocumentLinesTable } from './document-lines-table.tsx';
import { quantityRule } from './document-rules.tsx';

export type ReceiptLineValues = { catalog_id?: string; quantity?: number | null };

/**
 * The lines of a goods receipt as a Form.List named `lines`: a SKU (stocked SKUs only), a quantity above zero in the
 * SKU's base unit. Server errors such as `lines.1.quantity` land on the matching row's field.
 */
export function DocumentReceiptLines() {
  const { t } = useTranslation('stock-documents');
  // The base unit of each SKU chosen on this page (the quantity is counted in it).
  const [units, setUnits] = useState<Record<string, string>>({});
  const form = Form.useFormInstance();
  const lines = (Form.useWatch('lines', form) ?? []) as ReceiptLineValues[];
  const quantity = quantityRule(GoodsReceiptLineInput.shape.quantity, t('form.quantityInvalid'));

  return (
    <DocumentLinesTable
      name="lines"
      requiredMessage={t('form.linesRequired')}
      data-testid="receipt-lines"
      columns={[
        {
          title: t('columns.sku'),
          key: 'sku',
          render: (_v, field) => (
            <Form.Item
              name={[field.name, 'catalog_id']}
              rules={[{ required: true, message: t('form.skuRequired') }]}
              getValueFromEvent={(catalogId?: string, item?: CatalogSearchItem) => {
                if (item) setUnits((known) => ({ ...known, [item.id]: item.base_unit }));
                return catalogId;
              }}
              style={{ margin: 0 }}
            >
              <SkuPicker
                stockedOnly
                allowClear={false}
                aria-label={t('form.lineSku', { line: field.name + 1 })}
                data-testid={`line-${field.name}-sku`}
                style={{ width: 320 }}
              />
            </Form.Item>
          ),
        },
        {
          title: t('columns.quantity'),
          key: 'quantity',
          render: (_v, field) => (
            <Form.Item name={[field.name, 'quantity']} rules={[quantity]} style={{ margin: 0 }}>
              <InputNumber precision={0} aria-label={t('form.lineQuantity', { line: field.name + 1 })} style={{ width: 140 }} />
            </Form.Item>
          ),
        },
        {
          title: t('columns.unit'),
          key: 'unit',
          render: (_v, field) => {
            const catalogId = lines[field.name]?.catalog_id;
            return <Typography.Text type="secondary">{(catalogId && units[catalogId]) || t('fields.baseUnit')}</Typography.Text>;
          },
        },
      ]}
    />
  );
}
