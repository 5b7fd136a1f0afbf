import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CatalogInput,
  MAX_PRODUCT_UNITS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  ProductInput,
  ProductUnitInput,
  type BundleAvailability,
} from '@kelola/contracts/catalog';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { zodField, zodFieldRule } from '../../../components/zod-rules.ts';
import { useBrands } from '../api/brand-api.ts';
import { useCategoryTree } from '../api/category-api.ts';
import { BundleSection } from './bundle-section.tsx';
import { toTreeData } from './category-options.ts';
import type { ProductFormValues } from './product-form-values.ts';
import { VariantSection } from './variant-section.tsx';
import { textLimit } from '../../../components/text-limit.ts';

const VAT_MODES = ['NONE', 'INCLUDE', 'EXCLUDE'] as const;
const field = (name: string, label?: string) => zodField(ProductInput, name, label);

type Props = {
  form: FormInstance<ProductFormValues>;
  editing?: boolean;
  /** The video upload control, under the YouTube link. */
  video?: ReactNode;
  /** An uploaded (or chosen) video file: the link is off until it is removed (a video is one or the other). */
  hasVideoFile?: boolean;
  /** A saved bundle's availability from stock. */
  availability?: BundleAvailability | null;
};

/** Every field of ProductInput, grouped as a merchant fills them; the SKU part depends on the product type. */
export function ProductFormFields({ form, editing = false, video, hasVideoFile = false, availability }: Props) {
  const { t } = useTranslation('catalog');
  const categories = useCategoryTree();
  const brands = useBrands();
  const type = (Form.useWatch('type', form) ?? 'SINGLE') as ProductFormValues['type'];
  const isImport = Form.useWatch('is_import', form) as boolean | undefined;

  const onTypeChange = (next: ProductFormValues['type']) => {
    const rows = (form.getFieldValue('catalogs') ?? []) as ProductFormValues['catalogs'];
    if (next !== 'VARIANT') {
      form.setFieldsValue({
        variant_tiers: [],
        catalogs: [{ ...(rows[0] ?? { sku: '', price: null, barcode: null, weight: 0 }), options: [] }],
      });
    }
  };

  return (
    <>
      <Divider titlePlacement="start">{t('form.sections.info')}</Divider>
      <Form.Item name="type" label={t('form.fields.type')} required>
        <Radio.Group disabled={editing} onChange={(e) => onTypeChange(e.target.value as ProductFormValues['type'])}>
          {PRODUCT_TYPES.map((value) => (
            <Radio.Button key={value} value={value}>
              {t(`type.${value}`)}
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
      <Form.Item name="name" label={t('form.fields.name')} {...field('name', t('form.fields.name'))}>
        <Input count={textLimit(255)} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="category_id" label={t('form.fields.category')} extra={t('form.hints.category')}>
            <TreeSelect
              allowClear
              showSearch
              treeNodeFilterProp="title"
              treeDefaultExpandAll
              loading={categories.isPending}
              treeData={toTreeData(categories.data?.items ?? [])}
              placeholder={t('form.hints.pickCategory')}
              data-testid="category-picker"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand_id" label={t('form.fields.brand')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={brands.isPending}
              placeholder={t('form.hints.pickBrand')}
              options={(brands.data?.items ?? []).map((brand) => ({ value: brand.id, label: brand.name }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="condition" label={t('form.fields.condition')}>
        <Radio.Group>
          <Radio value="NEW">{t('condition.NEW')}</Radio>
          <Radio value="USED">{t('condition.USED')}</Radio>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="short_description" label={t('form.fields.shortDescription')} {...field('short_description')}>
        <Input.TextArea rows={2} count={textLimit(500)} />
      </Form.Item>
      <Form.Item name="description" label={t('form.fields.description')} {...field('description')}>
        <Input.TextArea rows={6} />
      </Form.Item>
      <Form.Item name="specification" label={t('form.fields.specification')} {...field('specification')}>
        <Input.TextArea rows={3} count={textLimit(5000)} />
      </Form.Item>
      <Form.Item
        name="video_url"
        label={t('form.fields.videoUrl')}
        {...field('video_url')}
        extra={hasVideoFile ? t('video.linkDisabled') : undefined}
      >
        <Input placeholder="https://www.youtube.com/watch?v=…" disabled={hasVideoFile} count={textLimit(500)} />
      </Form.Item>
      {video && <Form.Item label={t('form.fields.videoFile')}>{video}</Form.Item>}

      <Divider titlePlacement="start">{t('form.sections.sku')}</Divider>
      {type === 'VARIANT' ? (
        <VariantSection form={form} />
      ) : (
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['catalogs', 0, 'sku']}
              label={t('form.fields.sku')}
              rules={[zodFieldRule(CatalogInput.shape.sku, 'SKU')]}
              required
            >
              <Input count={textLimit(64)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['catalogs', 0, 'price']}
              label={t('form.fields.price')}
              rules={type === 'SINGLE' ? [{ required: true, message: t('form.priceRequired') }, moneyRule] : [moneyRule]}
              required={type === 'SINGLE'}
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['catalogs', 0, 'cost_price']}
              label={t('form.fields.costPrice')}
              extra={t('form.hints.costPrice')}
              rules={[moneyRule]}
            >
              <MoneyInput />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name={['catalogs', 0, 'barcode']}
              label={t('form.fields.barcode')}
              rules={[zodFieldRule(CatalogInput.shape.barcode)]}
            >
              <Input count={textLimit(64)} />
            </Form.Item>
          </Col>
        </Row>
      )}
      {type === 'BUNDLING' && (
        <>
          <Divider titlePlacement="start">{t('form.sections.bundle')}</Divider>
          <BundleSection form={form} availability={availability} />
        </>
      )}

      <Divider titlePlacement="start">{t('form.sections.shipping')}</Divider>
      <Row gutter={16}>
        {(['weight', 'length', 'width', 'height'] as const).map((name) => (
          <Col xs={12} md={6} key={name}>
            <Form.Item name={name} label={t(`form.fields.${name}`)} {...field(name)}>
              <InputNumber min={0} precision={0} suffix={name === 'weight' ? 'g' : 'cm'} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
      </Row>

      <Divider titlePlacement="start">{t('form.sections.units')}</Divider>
      <Form.Item name="base_unit" label={t('form.fields.baseUnit')} {...field('base_unit')} style={{ maxWidth: 240 }}>
        <Input count={textLimit(20)} />
      </Form.Item>
      <Form.List name="units">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Row gutter={12} key={f.key}>
                <Col xs={10} md={6}>
                  <Form.Item
                    name={[f.name, 'unit']}
                    label={t('form.fields.unit')}
                    rules={[{ required: true, message: t('form.unitRequired') }, zodFieldRule(ProductUnitInput.shape.unit)]}
                  >
                    <Input count={textLimit(20)} placeholder="BOX" />
                  </Form.Item>
                </Col>
                <Col xs={10} md={6}>
                  <Form.Item
                    name={[f.name, 'conversion_qty']}
                    label={t('form.fields.conversionQty')}
                    rules={[{ required: true, type: 'number', min: 2, message: t('form.conversionMin') }]}
                  >
                    <InputNumber min={2} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={4} md={2}>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} aria-label={t('form.remove')} onClick={() => remove(f.name)} />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            {fields.length < MAX_PRODUCT_UNITS && (
              <Button icon={<PlusOutlined />} onClick={() => add({ unit: '', conversion_qty: 2 })} style={{ marginBottom: 16 }}>
                {t('form.addUnit')}
              </Button>
            )}
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('form.sections.wholesale')}</Divider>
      <Form.List name="wholesale_prices">
        {(fields, { add, remove }) => (
          <>
            {fields.map((f) => (
              <Row gutter={12} key={f.key}>
                <Col xs={10} md={6}>
                  <Form.Item
                    name={[f.name, 'min_qty']}
                    label={t('form.fields.minQty')}
                    rules={[{ required: true, type: 'number', min: 2, message: t('form.minQtyMin') }]}
                  >
                    <InputNumber min={2} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={10} md={6}>
                  <Form.Item
                    name={[f.name, 'price']}
                    label={t('form.fields.wholesalePrice')}
                    rules={[{ required: true, message: t('form.priceRequired') }, moneyRule]}
                  >
                    <MoneyInput />
                  </Form.Item>
                </Col>
                <Col xs={4} md={2}>
                  <Form.Item label=" ">
                    <Button icon={<DeleteOutlined />} aria-label={t('form.remove')} onClick={() => remove(f.name)} />
                  </Form.Item>
                </Col>
              </Row>
            ))}
            {fields.length < 5 && (
              <Button icon={<PlusOutlined />} onClick={() => add()} style={{ marginBottom: 16 }}>
                {t('form.addWholesale')}
              </Button>
            )}
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('form.sections.other')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="factory_sku" label={t('form.fields.factorySku')} {...field('factory_sku')}>
            <Input count={textLimit(100)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="barcode" label={t('form.fields.productBarcode')} {...field('barcode')}>
            <Input count={textLimit(64)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="gift_size" label={t('form.fields.giftSize')} {...field('gift_size')}>
            <Input count={textLimit(50)} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="is_import" label={t('form.fields.isImport')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        {isImport && (
          <Col xs={24} md={16}>
            <Form.Item
              name="origin"
              label={t('form.fields.origin')}
              rules={[{ required: true, message: t('form.originRequired') }, ...field('origin').rules]}
              required
            >
              <Input count={textLimit(100)} />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="vat_mode" label={t('form.fields.vatMode')}>
            <Select options={VAT_MODES.map((value) => ({ value, label: t(`vat.${value}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="status" label={t('form.fields.status')}>
            <Radio.Group>
              {PRODUCT_STATUSES.map((value) => (
                <Radio.Button key={value} value={value}>
                  {t(`status.${value}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
