import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { PurchaseOrderInput } from '@kelola/contracts/purchasing';
import { Button, Flex, Form, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { SkuPicker } from '../../../components/sku-picker.tsx';
import { numberRule, requiredRule } from './purchasing-rules.ts';

export type PurchaseLineValues = { catalog_id?: string; quantity?: number | null; unit_cost?: number | null };

/** A line's total: quantity × cost per unit (0 while either is missing). */
export const lineTotal = (line: PurchaseLineValues | undefined) => Number(line?.quantity ?? 0) * Number(line?.unit_cost ?? 0);

type Field = { key: number; name: number };

/**
 * The lines of a purchase order as a Form.List named `lines`: a stocked SKU (receiving adds its stock), a quantity
 * from 1 and the cost per unit in rupiah, with the line's total and the order's running total. Server errors such as
 * `lines.0.catalog_id` (DUPLICATE_LINE) land on the matching row's field.
 */
export function PurchaseOrderLines() {
  const { t } = useTranslation('purchasing');
  const form = Form.useFormInstance();
  const lines = (Form.useWatch('lines', form) ?? []) as (PurchaseLineValues | undefined)[];
  const total = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const quantity = numberRule(PurchaseOrderInput.shape.lines.element.shape.quantity, t('form.quantityInvalid'));

  return (
    <Form.List
      name="lines"
      rules={[
        {
          validator: async (_rule, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('form.linesRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table<Field>
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('form.noLines') }}
            data-testid="po-lines-form"
            columns={[
              { title: '#', key: 'index', width: 40, render: (_v, field) => field.name + 1 },
              {
                title: t('lines.sku'),
                key: 'sku',
                render: (_v, field) => (
                  <Form.Item
                    name={[field.name, 'catalog_id']}
                    rules={[{ required: true, message: t('form.skuRequired') }]}
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
                title: t('lines.quantity'),
                key: 'quantity',
                render: (_v, field) => (
                  <Form.Item name={[field.name, 'quantity']} rules={[quantity]} style={{ margin: 0 }}>
                    <InputNumber precision={0} aria-label={t('form.lineQuantity', { line: field.name + 1 })} style={{ width: 120 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('lines.unitCost'),
                key: 'unit_cost',
                render: (_v, field) => (
                  <Form.Item name={[field.name, 'unit_cost']} rules={[requiredRule(), moneyRule]} style={{ margin: 0 }}>
                    <MoneyInput aria-label={t('form.lineCost', { line: field.name + 1 })} style={{ width: 180 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('lines.total'),
                key: 'total',
                align: 'right',
                render: (_v, field) => <MoneyText value={lineTotal(lines[field.name])} />,
              },
              {
                title: '',
                key: 'remove',
                width: 56,
                render: (_v, field) => (
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('form.removeLine', { line: field.name + 1 })}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Flex gap={12} align="center" justify="space-between" wrap style={{ marginTop: 12 }}>
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })}>
              {t('form.addLine')}
            </Button>
            <Typography.Text strong data-testid="po-form-total">
              {t('form.total')}: <MoneyText value={total} />
            </Typography.Text>
          </Flex>
        </>
      )}
    </Form.List>
  );
}
