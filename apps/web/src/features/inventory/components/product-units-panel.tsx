import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Empty, Flex, Form, Input, InputNumber, Modal, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { duplicateUnitIndexes, MAX_PRODUCT_UNITS, ProductUnitInput } from '@kelola/contracts/catalog';
import type { ProductUnitStock, UnitQuantity } from '@kelola/contracts/product-units';
import { useCan } from '../../../components/use-can.ts';
import { zodFieldRule } from '../../../components/zod-rules.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { currentFormatLocale } from '../../../lib/format.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useProductUnits, useSaveProductUnits, type ProductUnitsView } from '../api/product-units-api.ts';
import { requiredRule } from './document-rules.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Props = {
  /** The SKU whose product's units and stock are shown. */
  catalogId: string;
};

type UnitRow = { unit?: string; conversion_qty?: number | null };
type Values = { units: UnitRow[] };

const count = (value: number) => new Intl.NumberFormat(currentFormatLocale(), { maximumFractionDigits: 0 }).format(value);

/** "2 BOX + 1 PCS" (whole units and the rest in the base unit), "2 BOX" without a rest, "−2 BOX − 1 PCS" below zero. */
export function UnitQuantityText({ value, unit, base }: { value: UnitQuantity; unit: string; base: string }) {
  const { t } = useTranslation('product-units');
  const negative = value.whole < 0 || value.remainder < 0;
  let text: string;
  if (value.remainder === 0 || unit === base) text = t('quantity.whole', { whole: count(value.whole), unit });
  else if (negative)
    text = t('quantity.withRestNegative', { whole: count(value.whole), unit, rest: count(Math.abs(value.remainder)), base });
  else text = t('quantity.withRest', { whole: count(value.whole), unit, rest: count(value.remainder), base });
  return (
    <span
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', color: negative ? 'var(--ant-color-error, #ff4d4f)' : undefined }}
    >
      {text}
    </span>
  );
}

/**
 * The "Satuan" section of the stock drawer: the SKU's stock in its base unit and in each conversion unit of its
 * product (GET /api/inventory/product-units/:catalog_id) and, with list-inventory WRITE, the editor of those units.
 */
export function ProductUnitsPanel({ catalogId }: Props) {
  const { t } = useTranslation('product-units');
  const units = useProductUnits(catalogId);
  const canWrite = useCan('list-inventory', 'WRITE');
  const [editing, setEditing] = useState(false);
  const data = units.data;

  // A bundle has no stock of its own, hence no units to count it in: the section is left out.
  if (isApiError(units.error) && units.error.code === 'CATALOG_NOT_FOUND') return null;

  const columns: ColumnType<ProductUnitStock>[] = data
    ? [
        {
          title: t('columns.unit'),
          dataIndex: 'unit',
          key: 'unit',
        },
        {
          title: t('columns.content'),
          key: 'content',
          render: (_: unknown, row) =>
            row.is_base ? (
              <Tag>{t('baseTag')}</Tag>
            ) : (
              t('content', { unit: row.unit, qty: count(row.conversion_qty), base: data.base_unit })
            ),
        },
        {
          title: t('columns.onHand'),
          key: 'on_hand',
          align: 'right',
          render: (_: unknown, row) => <UnitQuantityText value={row.on_hand} unit={row.unit} base={data.base_unit} />,
        },
        {
          title: t('columns.available'),
          key: 'available',
          align: 'right',
          render: (_: unknown, row) => <UnitQuantityText value={row.available} unit={row.unit} base={data.base_unit} />,
        },
      ]
    : [];

  let body;
  if (units.isLoading) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (units.error || !data)
    body = (
      <Alert
        type="warning"
        showIcon
        title={t('loadFailed')}
        description={errorText(units.error)}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={() => void units.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (data.units.length === 0)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty', { base: data.base_unit })} data-testid="product-units-empty" />
    );
  else
    body = (
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('hint', { base: data.base_unit })}</Typography.Text>
        <Table<ProductUnitStock>
          rowKey="unit"
          size="small"
          columns={columns}
          dataSource={data.stock}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      </Flex>
    );

  return (
    <Flex vertical gap={12} data-testid="product-units">
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('title')}
        </Typography.Title>
        {canWrite && data && (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('edit.open')}
          </Button>
        )}
      </Flex>
      {body}
      {editing && data && <ProductUnitsModal view={data} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

/** The conversion units of the product as a list of rows (name, content in base units), checked as the server checks them. */
function ProductUnitsModal({ view, onClose }: { view: ProductUnitsView; onClose: () => void }) {
  const { t } = useTranslation('product-units');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveProductUnits(view.catalog_id, {
    onSuccess: () => {
      void message.success(t('edit.saved'));
      onClose();
    },
  });

  const submit = async () => {
    const values = await form.validateFields();
    setFailure(null);
    try {
      await save.mutateAsync({
        units: (values.units ?? []).map((row) => ({ unit: (row.unit ?? '').trim(), conversion_qty: Number(row.conversion_qty) })),
      });
    } catch (error) {
      // Field errors go on their rows (units.1.unit …); anything else is said above the list.
      if (!applyFieldErrors(form, error)) setFailure(error);
    }
  };

  // A name is a duplicate only while another row holds it: rows flagged so are checked again when the list changes.
  const recheckNames = () => {
    const rows = (form.getFieldValue('units') ?? []) as UnitRow[];
    const flagged = rows
      .map((_, i) => ['units', i, 'unit'] as ['units', number, 'unit'])
      .filter((name) => form.getFieldError(name).length > 0);
    if (flagged.length > 0) void form.validateFields(flagged).catch(() => undefined);
  };

  const duplicateRule = (index: number) => ({
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const rows = (form.getFieldValue('units') ?? []) as UnitRow[];
      if (duplicateUnitIndexes(view.base_unit, rows).includes(index)) throw new Error(validationText({ code: 'DUPLICATE_VALUE' }));
    },
  });

  return (
    <Modal
      open
      title={t('edit.title')}
      okText={t('edit.save')}
      cancelText={t('edit.cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={560}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="product-units"
        initialValues={{ units: view.units }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.units?.some((row) => row && 'unit' in row)) recheckNames();
        }}
        data-testid="product-units-form"
      >
        <Typography.Paragraph type="secondary">{t('edit.intro', { base: view.base_unit })}</Typography.Paragraph>
        {failure !== null && (
          <Alert type="error" showIcon title={t('edit.failed')} description={errorText(failure)} style={{ marginBottom: 16 }} />
        )}
        <Form.List name="units">
          {(fields, { add, remove }) => (
            <Flex vertical gap={0}>
              {fields.length === 0 ? (
                <Typography.Paragraph type="secondary">{t('edit.none')}</Typography.Paragraph>
              ) : (
                <Flex gap={8} style={{ marginBottom: 4 }}>
                  <Typography.Text strong style={{ flex: 1 }}>
                    {t('edit.unit')}
                  </Typography.Text>
                  <Typography.Text strong style={{ flex: 1 }}>
                    {t('edit.content', { base: view.base_unit })}
                  </Typography.Text>
                  <span style={{ width: 32 }} />
                </Flex>
              )}
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start">
                  <Form.Item
                    name={[field.name, 'unit']}
                    style={{ flex: 1 }}
                    validateFirst
                    rules={[zodFieldRule(ProductUnitInput.shape.unit), duplicateRule(index)]}
                  >
                    <Input count={textLimit(20)} placeholder="BOX" aria-label={t('edit.unitLabel', { n: index + 1 })} autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'conversion_qty']}
                    style={{ flex: 1 }}
                    validateFirst
                    rules={[requiredRule(), zodFieldRule(ProductUnitInput.shape.conversion_qty)]}
                  >
                    <InputNumber
                      precision={0}
                      suffix={view.base_unit}
                      style={{ width: '100%' }}
                      aria-label={t('edit.contentLabel', { n: index + 1 })}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('edit.remove', { n: index + 1 })}
                    onClick={() => {
                      remove(field.name);
                      recheckNames();
                    }}
                  />
                </Flex>
              ))}
              {fields.length < MAX_PRODUCT_UNITS ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ unit: '', conversion_qty: null })} block>
                  {t('edit.add')}
                </Button>
              ) : (
                <Typography.Text type="secondary">{t('edit.max', { max: MAX_PRODUCT_UNITS })}</Typography.Text>
              )}
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
