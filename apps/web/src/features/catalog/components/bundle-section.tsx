import { DeleteOutlined } from '@ant-design/icons';
import { Alert, Button, Form, InputNumber, Select, Table, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundleAvailability } from '@kelola/contracts/catalog';
import { useCan } from '../../../components/use-can.ts';
import { usePriceFormulas } from '../api/brand-api.ts';
import { useProductSearch } from '../api/product-api.ts';
import type { BundleComponentRow, ProductFormValues } from './product-form-values.ts';

/** "Tersedia 4 — dibatasi oleh SKU X": bundles buildable from stock, in total and per warehouse (saved bundles only). */
export function BundleAvailabilityNote({ availability }: { availability: BundleAvailability }) {
  const { t } = useTranslation('catalog');
  const text = (quantity: number, sku: string | null) =>
    sku ? t('stock.bundleAvailable', { count: quantity, sku }) : t('stock.available', { count: quantity });
  return (
    <Alert
      type={availability.quantity > 0 ? 'info' : 'warning'}
      showIcon
      data-testid="bundle-availability"
      title={text(availability.quantity, availability.limiting_sku)}
      description={
        availability.per_warehouse.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {availability.per_warehouse.map((w) => (
              <li key={w.warehouse_id}>
                {t('stock.inWarehouse', { warehouse: w.warehouse_name, text: text(w.quantity, w.limiting_sku) })}
              </li>
            ))}
          </ul>
        ) : undefined
      }
      style={{ marginBottom: 16 }}
    />
  );
}

/** Bundle components (SKUs found by name or exact SKU, with a quantity) and the optional price formula. */
export function BundleSection({ form, availability }: { form: FormInstance<ProductFormValues>; availability?: BundleAvailability | null }) {
  const { t } = useTranslation('catalog');
  const [q, setQ] = useState('');
  const found = useProductSearch(q);
  const canFormulas = useCan('price-formula', 'READ');
  const formulas = usePriceFormulas(canFormulas);
  const components = (Form.useWatch(['bundle', 'components'], { form, preserve: true }) ?? []) as BundleComponentRow[];

  const addComponent = (catalogId: string) => {
    const catalog = found.data?.find((c) => c.id === catalogId);
    // The list as the form holds it now, not as the last render watched it: a second search re-renders in between.
    const current = (form.getFieldValue(['bundle', 'components']) ?? []) as BundleComponentRow[];
    if (!catalog || current.some((c) => c.catalog_id === catalogId)) return;
    form.setFieldValue(
      ['bundle', 'components'],
      [...current, { catalog_id: catalog.id, sku: catalog.sku, name: catalog.name, quantity: 1 }],
    );
    setQ('');
  };

  return (
    <>
      {availability && <BundleAvailabilityNote availability={availability} />}
      <Form.Item label={t('form.fields.componentSearch')}>
        <Select
          showSearch={{ filterOption: false, onSearch: setQ, autoClearSearchValue: true }}
          value={null}
          onSelect={(value) => {
            if (value) addComponent(value);
          }}
          loading={found.isFetching}
          placeholder={t('form.hints.componentSearch')}
          notFoundContent={q ? t('form.noSku') : null}
          options={(found.data ?? []).map((c) => ({ value: c.id, label: `${c.sku} — ${c.name}` }))}
          data-testid="component-search"
        />
      </Form.Item>
      <Form.List name={['bundle', 'components']}>
        {(fields, { remove }, { errors }) => (
          <>
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              data-testid="bundle-components"
              dataSource={fields}
              locale={{ emptyText: t('form.noComponents') }}
              columns={[
                { title: t('form.fields.sku'), key: 'sku', render: (_: unknown, f: { name: number }) => components[f.name]?.sku },
                {
                  title: t('form.fields.componentName'),
                  key: 'name',
                  render: (_: unknown, f: { name: number }) => components[f.name]?.name,
                },
                {
                  title: t('form.fields.quantity'),
                  key: 'quantity',
                  render: (_: unknown, f: { name: number }) => (
                    <Form.Item
                      name={[f.name, 'quantity']}
                      rules={[{ required: true, message: t('form.quantityRequired') }]}
                      style={{ margin: 0 }}
                    >
                      <InputNumber min={1} max={10_000} precision={0} />
                    </Form.Item>
                  ),
                },
                {
                  title: '',
                  key: 'remove',
                  render: (_: unknown, f: { name: number }) => (
                    <Button icon={<DeleteOutlined />} aria-label={t('form.removeComponent')} onClick={() => remove(f.name)} />
                  ),
                },
              ]}
            />
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Form.Item
        name={['bundle', 'price_formula_id']}
        label={t('form.fields.formula')}
        extra={t('form.hints.formula')}
        style={{ marginTop: 16, maxWidth: 360 }}
      >
        <Select
          allowClear
          placeholder={t('form.hints.noFormula')}
          options={(formulas.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }))}
        />
      </Form.Item>
      <Typography.Text type="secondary">{t('form.hints.bundlePrice')}</Typography.Text>
    </>
  );
}
