import type { Product } from '@kelola/contracts';
import { PUBLISH_DESCRIPTION_MAX, PUBLISH_NAME_MAX } from '@kelola/contracts/channel-publish';
import { CHANNEL_IMAGE_MAX_BYTES, stripRichText } from '@kelola/domain';
import { Checkbox, Form, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { CategoryCascader } from '../../components/category-cascader.tsx';
import { ImageThumb } from '../../components/image-thumb.tsx';
import { useShopAttributes, useShopBrands, useShopCategories } from '../../api/publish-api.ts';

export type PublishTargetKey = 'shopee' | 'tiktok' | 'tokopedia' | 'lazada' | 'blibli' | 'zalora';

/** The target of a create-product-* / edit-product-* route from its path. */
export function targetOfPath(pathname: string): PublishTargetKey | null {
  const match = /(?:create|edit)-product-([a-z]+)$/u.exec(pathname);
  const target = match?.[1];
  return target && ['shopee', 'tiktok', 'tokopedia', 'lazada', 'blibli', 'zalora'].includes(target) ? (target as PublishTargetKey) : null;
}

/**
 * The fields one shop needs (under `prefix` in the form): its category (deepest level sent), brand, name, rich-text
 * description (markup stripped on sending), weight in grams, the master images (each at most 1 MB for a marketplace)
 * and the channel price of each master SKU.
 */
export function PublishFormFields({
  channelId,
  product,
  prefix,
}: {
  channelId: string;
  product: Product | undefined;
  prefix: (string | number)[];
}) {
  const { t } = useTranslation('publish');
  const form = Form.useFormInstance();
  const categories = useShopCategories(channelId);
  const path = Form.useWatch([...prefix, 'category_path'], form) as string[] | undefined;
  const deepest = path?.at(-1);
  const brands = useShopBrands(channelId, deepest);
  const name = (field: string) => [...prefix, field];
  return (
    <>
      <Form.Item
        name={name('category_path')}
        label={t('fields.category')}
        rules={[{ required: true, message: t('fields.categoryRequired') }]}
      >
        <CategoryCascader items={categories.data?.items} loading={categories.isLoading} placeholder={t('fields.categoryPick')} />
      </Form.Item>
      <Form.Item name={name('brand_id')} label={t('fields.brand')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('fields.noBrand')}
          loading={brands.isLoading}
          options={(brands.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))}
        />
      </Form.Item>
      <AttributeFields channelId={channelId} categoryId={deepest} prefix={prefix} />
      <Form.Item
        name={name('name')}
        label={t('fields.name')}
        rules={[
          { required: true, message: t('fields.nameRequired') },
          { max: PUBLISH_NAME_MAX, message: t('fields.tooLong', { max: PUBLISH_NAME_MAX }) },
        ]}
      >
        <Input count={textLimit(PUBLISH_NAME_MAX)} />
      </Form.Item>
      <Form.Item
        name={name('description')}
        label={t('fields.description')}
        extra={t('fields.descriptionHelp')}
        rules={[{ max: PUBLISH_DESCRIPTION_MAX, message: t('fields.tooLong', { max: PUBLISH_DESCRIPTION_MAX }) }]}
      >
        <Input.TextArea rows={4} count={textLimit(PUBLISH_DESCRIPTION_MAX)} />
      </Form.Item>
      <Form.Item name={name('weight_grams')} label={t('fields.weight')} rules={[{ required: true, message: t('fields.weightRequired') }]}>
        <InputNumber min={1} max={300_000} addonAfter="g" style={{ width: 200 }} />
      </Form.Item>
      {product ? (
        <Form.Item
          name={name('image_ids')}
          label={t('fields.images')}
          extra={t('fields.imagesHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('fields.imagesRequired') }]}
        >
          <Checkbox.Group style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
            {product.images.map((image) => {
              const tooBig = image.size > CHANNEL_IMAGE_MAX_BYTES;
              return (
                <Checkbox key={image.id} value={image.id} disabled={tooBig}>
                  <Space direction="vertical" size={0}>
                    <ImageThumb src={image.thumbnail_url ?? image.url} alt={image.name} />
                    <Typography.Text type={tooBig ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                      {tooBig ? t('fields.imageTooBig') : `${Math.ceil(image.size / 1024)} KB`}
                    </Typography.Text>
                  </Space>
                </Checkbox>
              );
            })}
          </Checkbox.Group>
        </Form.Item>
      ) : null}
      {product ? (
        <Form.Item label={t('fields.prices')}>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={product.catalogs}
            columns={[
              {
                title: t('fields.sku'),
                dataIndex: 'sku',
                render: (sku: string, c) => (
                  <Space>
                    {sku}
                    {c.options.map((o) => (
                      <Tag key={o}>{o}</Tag>
                    ))}
                  </Space>
                ),
              },
              {
                title: t('fields.price'),
                key: 'price',
                render: (_v, _c, index) => (
                  <>
                    <Form.Item name={[...prefix, 'prices', index, 'catalog_id']} hidden>
                      <Input />
                    </Form.Item>
                    <Form.Item name={[...prefix, 'prices', index, 'price']} noStyle rules={[{ required: true }]}>
                      <MoneyInput min={1} style={{ width: 180 }} />
                    </Form.Item>
                  </>
                ),
              },
            ]}
          />
        </Form.Item>
      ) : null}
    </>
  );
}

/** The form's starting values for a master product (its images that fit, its prices). */
export function initialChoices(product: Product, prices?: Map<string, number>) {
  return {
    name: product.name,
    // What the marketplace will get: the rich text without its markup (spec part 5).
    description: stripRichText(product.description ?? product.short_description ?? ''),
    weight_grams: product.weight > 0 ? product.weight : undefined,
    image_ids: product.images
      .filter((i) => i.size <= CHANNEL_IMAGE_MAX_BYTES)
      .slice(0, 9)
      .map((i) => i.id),
    prices: product.catalogs.map((c) => ({ catalog_id: c.id, price: prices?.get(c.id) ?? Math.round(c.price) })),
  };
}

/** The form's values as the API takes them: chosen attribute values as `attributes`, empty ones left out. */
export function toPublishChoice(values: Record<string, unknown>): Record<string, unknown> {
  const { attribute_values: chosen, ...rest } = values as { attribute_values?: Record<string, string[] | undefined> };
  const attributes = Object.entries(chosen ?? {})
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([id, v]) => ({ id, values: v! }));
  return { ...rest, ...(attributes.length > 0 ? { attributes } : {}) };
}

/** The category's attributes (mandatory ones required), under `prefix.attribute_values.<id>`; see `toPublishChoice`. */
export function AttributeFields({
  channelId,
  categoryId,
  prefix,
}: {
  channelId: string;
  categoryId: string | undefined;
  prefix: (string | number)[];
}) {
  const { t } = useTranslation('publish');
  const form = Form.useFormInstance();
  const attributes = useShopAttributes(channelId, categoryId);
  // Another category has other attributes: the values chosen for the last one are not sent. Only a change from one
  // category to another clears them: values given with the first category (a bulk-publish product starts with the
  // shop's choice, an edit loads the product's) stay.
  const shownCategory = useRef(categoryId);
  useEffect(() => {
    const previous = shownCategory.current;
    shownCategory.current = categoryId;
    if (previous === undefined || previous === categoryId) return;
    form.setFieldValue([...prefix, 'attribute_values'], undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the category changes
  }, [categoryId]);
  return (
    <>
      {(attributes.data?.items ?? []).map((attribute) => (
        <Form.Item
          key={attribute.id}
          name={[...prefix, 'attribute_values', attribute.id]}
          label={attribute.name}
          rules={attribute.mandatory ? [{ required: true, type: 'array', min: 1, message: t('fields.attributeRequired') }] : []}
        >
          <Select
            mode={attribute.input_type === 'multi_select' ? 'multiple' : 'tags'}
            {...(attribute.input_type === 'multi_select' ? {} : { maxCount: 1 })}
            options={attribute.values.map((v) => ({ value: v.id, label: v.name }))}
            optionFilterProp="label"
            allowClear
          />
        </Form.Item>
      ))}
    </>
  );
}
