import { Col, Form, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAreaChildren } from '../api/area-price-api.ts';

/** Province, city and district: a price applies to the deepest level chosen. */
export const AREA_LEVEL_FIELDS = ['province', 'city', 'district'] as const;
export type AreaLevelField = (typeof AREA_LEVEL_FIELDS)[number];
export type AreaPickerValues = Partial<Record<AreaLevelField, string | null>>;

/** The deepest area chosen, as the API's area_code. */
export const deepestArea = (values: AreaPickerValues) => values.district || values.city || values.province || '';

/** The province, city and district codes of an area code (`31.73.05` → 31, 31.73, 31.73.05). */
export function areaLevels(code: string): AreaPickerValues {
  const parts = code.split('.');
  return {
    province: parts[0] ?? null,
    city: parts.length > 1 ? parts.slice(0, 2).join('.') : null,
    district: parts.length > 2 ? parts.slice(0, 3).join('.') : null,
  };
}

function Level({
  form,
  field,
  parent,
  required,
  span,
}: {
  form: FormInstance;
  field: AreaLevelField;
  parent: string | null | undefined;
  required: boolean;
  span: number;
}) {
  const { t } = useTranslation('pricing');
  const ready = parent !== undefined;
  const areas = useAreaChildren(parent ?? null, ready);
  const below = AREA_LEVEL_FIELDS.slice(AREA_LEVEL_FIELDS.indexOf(field) + 1);
  return (
    <Col xs={24} md={span}>
      <Form.Item
        name={field}
        label={t(`area.${field}`)}
        rules={required ? [{ required: true, message: t('area.provinceRequired') }] : []}
        required={required}
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          disabled={!ready}
          loading={areas.isFetching}
          placeholder={ready ? t(`area.pick.${field}`) : t('area.pickParentFirst')}
          options={(areas.data?.items ?? []).map((area) => ({ value: area.code, label: area.name }))}
          onChange={() => form.setFieldsValue(Object.fromEntries(below.map((name) => [name, undefined])))}
          aria-label={t(`area.${field}`)}
        />
      </Form.Item>
    </Col>
  );
}

/** Province → city → district cascade inside an antd Form (fields `province`, `city`, `district`). */
export function AreaPicker({ form, span = 8 }: { form: FormInstance; span?: number }) {
  const province = Form.useWatch('province', form) as string | undefined;
  const city = Form.useWatch('city', form) as string | undefined;
  return (
    <>
      <Level form={form} field="province" parent={null} required span={span} />
      <Level form={form} field="city" parent={province || undefined} required={false} span={span} />
      <Level form={form} field="district" parent={city || undefined} required={false} span={span} />
    </>
  );
}
