import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Flex, Form, Input, InputNumber, Row, Select, Table, Tag, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogInput, duplicateOptionIndexes, MAX_VARIANT_TIERS, VariantTierInput, variantOptionKey } from '@kelola/contracts/catalog';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { zodFieldRule } from '../../../components/zod-rules.ts';
import type { ProductFormValues } from './product-form-values.ts';
import { syncVariantRows, variantCombinations, type SkuRow, type VariantTier } from './variant-sku.ts';
import { textLimit } from '../../../components/text-limit.ts';

/**
 * Variant tiers (at most two, each with options as tags) and the SKU table: one row per combination, regenerated
 * whenever the options change; rows of combinations that stay keep what was typed.
 */
export function VariantSection({ form }: { form: FormInstance<ProductFormValues> }) {
  const { t } = useTranslation('catalog');
  // preserve: the options of a SKU row have no input of their own and would be missing otherwise.
  const tiers = (Form.useWatch('variant_tiers', { form, preserve: true }) ?? []) as VariantTier[];
  const rows = (Form.useWatch('catalogs', { form, preserve: true }) ?? []) as SkuRow[];
  const combos = JSON.stringify(variantCombinations(tiers));
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (last.current === combos) return;
    const first = last.current === null;
    last.current = combos;
    const current = (form.getFieldValue('catalogs') ?? []) as SkuRow[];
    const next = syncVariantRows(form.getFieldValue('variant_tiers') ?? [], current, {
      baseSku: form.getFieldValue('sku_prefix') || form.getFieldValue('name') || 'SKU',
      price: current[0]?.price ?? null,
      weight: form.getFieldValue('weight') ?? 0,
    });
    // The saved rows already match on the first render of an edit: do not mark the form dirty.
    if (first && JSON.stringify(next.map((r) => r.options)) === JSON.stringify(current.map((r) => r.options))) return;
    form.setFieldValue('catalogs', next);
  }, [combos, form]);

  const tierName = tiers.map((tier) => tier.name?.trim()).filter(Boolean) as string[];
  // "Merah", "merah" and "MERAH " are one option: the repeats are named on the tier's own field (shared rule).
  const repeatedIn = (options: (string | undefined)[] | undefined) =>
    new Set(duplicateOptionIndexes(options ?? []).map((i) => options![i]!));
  const repeatedOptionRule = {
    validator: async (_rule: unknown, value: (string | undefined)[] | undefined) => {
      const options = value ?? [];
      const [at] = duplicateOptionIndexes(options);
      if (at === undefined) return;
      const first = options.find((o) => variantOptionKey(o ?? '') === variantOptionKey(options[at] ?? ''));
      throw new Error(t('form.repeatedOption', { option: options[at]!.trim(), first: first?.trim() }));
    },
  };

  return (
    <Flex vertical gap={12} data-testid="variant-section">
      <Form.Item name="sku_prefix" label={t('form.fields.skuPrefix')} extra={t('form.hints.skuPrefix')} style={{ maxWidth: 360 }}>
        <Input />
      </Form.Item>
      <Form.List name="variant_tiers">
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => (
              <Row key={field.key} gutter={12} align="top">
                <Col xs={24} md={8}>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('form.fields.tierName', { index: index + 1 })}
                    rules={[zodFieldRule(VariantTierInput.shape.name)]}
                    required
                  >
                    <Input placeholder={t('form.hints.tierName')} count={textLimit(30)} />
                  </Form.Item>
                </Col>
                <Col xs={20} md={14}>
                  <Form.Item
                    name={[field.name, 'options']}
                    label={t('form.fields.tierOptions')}
                    rules={[zodFieldRule(VariantTierInput.shape.options), repeatedOptionRule]}
                    required
                  >
                    <Select
                      mode="tags"
                      open={false}
                      tagRender={(tag) => (
                        <Tag
                          closable={tag.closable}
                          onClose={tag.onClose}
                          color={repeatedIn(tiers[index]?.options).has(String(tag.value)) ? 'error' : undefined}
                          style={{ marginInlineEnd: 4 }}
                        >
                          {tag.label}
                        </Tag>
                      )}
                      tokenSeparators={[',']}
                      placeholder={t('form.hints.tierOptions')}
                      data-testid={`tier-${index}-options`}
                    />
                  </Form.Item>
                </Col>
                <Col xs={4} md={2}>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} aria-label={t('form.removeTier')} onClick={() => remove(field.name)} />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            {fields.length < MAX_VARIANT_TIERS && (
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', options: [] })} style={{ alignSelf: 'flex-start' }}>
                {t('form.addTier')}
              </Button>
            )}
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
      <Typography.Text type="secondary">{t('form.variantRows', { count: rows.length })}</Typography.Text>
      <Form.List name="catalogs">
        {(fields) => (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 'max-content' }}
            data-testid="variant-rows"
            columns={[
              ...tierName.map((name, tier) => ({
                title: name,
                key: `tier-${tier}`,
                render: (_: unknown, field: { name: number }) => rows[field.name]?.options?.[tier] ?? '',
              })),
              {
                title: t('form.fields.sku'),
                key: 'sku',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'sku']} rules={[zodFieldRule(CatalogInput.shape.sku, 'SKU')]} style={{ margin: 0 }}>
                    <Input aria-label={`SKU ${field.name + 1}`} style={{ minWidth: 160 }} count={textLimit(64)} />
                  </Form.Item>
                ),
              },
              {
                title: t('form.fields.price'),
                key: 'price',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item
                    name={[field.name, 'price']}
                    rules={[{ required: true, message: t('form.priceRequired') }, moneyRule]}
                    style={{ margin: 0 }}
                  >
                    <MoneyInput aria-label={`${t('form.fields.price')} ${field.name + 1}`} style={{ minWidth: 140 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('form.fields.costPrice'),
                key: 'cost_price',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'cost_price']} rules={[moneyRule]} style={{ margin: 0 }}>
                    <MoneyInput aria-label={`${t('form.fields.costPrice')} ${field.name + 1}`} style={{ minWidth: 140 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('form.fields.barcode'),
                key: 'barcode',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'barcode']} rules={[zodFieldRule(CatalogInput.shape.barcode)]} style={{ margin: 0 }}>
                    <Input style={{ minWidth: 140 }} />
                  </Form.Item>
                ),
              },
              {
                title: t('form.fields.skuWeight'),
                key: 'weight',
                render: (_: unknown, field: { name: number }) => (
                  <Form.Item name={[field.name, 'weight']} style={{ margin: 0 }}>
                    <InputNumber min={0} precision={0} suffix="g" style={{ minWidth: 100 }} />
                  </Form.Item>
                ),
              },
            ]}
          />
        )}
      </Form.List>
    </Flex>
  );
}
