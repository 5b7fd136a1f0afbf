import { Col, Form, Select } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Area } from '@kelola/contracts/areas';
import { WarehouseInput } from '@kelola/contracts/warehouses';
import { zodField, type ObjectSchema } from './zod-rules.ts';
import { errorText } from '../lib/error-text.ts';
import { useAreas } from '../lib/areas.ts';

/** The four levels under the country, each a field of the warehouse form. */
export const AREA_FIELDS = ['province_code', 'city_code', 'district_code', 'subdistrict_code'] as const;
export type AreaField = (typeof AREA_FIELDS)[number];

const LABEL_KEYS: Record<AreaField, string> = {
  province_code: 'province',
  city_code: 'city',
  district_code: 'district',
  subdistrict_code: 'subdistrict',
};

type CascadeValues = Partial<Record<AreaField, string | null>> & { postal_code?: string | null };

type LevelProps = {
  schema?: ObjectSchema;
  form: FormInstance;
  field: AreaField;
  /** The chosen parent area; null for provinces. Undefined: the parent is not chosen yet. */
  parent: string | null | undefined;
  parentLabel: string | null;
  /** Names of the saved areas, shown before their level's list has loaded. */
  known: Area[];
};

function AreaLevel({ form, field, parent, parentLabel, known, schema }: LevelProps) {
  const { t } = useTranslation('warehouse');
  const ready = parent !== undefined;
  const areas = useAreas(parent ?? null, ready);
  const label = t(`form.fields.${LABEL_KEYS[field]}`);
  const items = areas.data?.items ?? known.filter((area) => area.parent_code === (parent ?? 'ID'));
  const options = items.map((area) => ({ value: area.code, label: area.name }));

  // A new choice empties the levels below it: a city of another province is never sent.
  const onChange = (code: string | undefined) => {
    const below = AREA_FIELDS.slice(AREA_FIELDS.indexOf(field) + 1);
    const reset: CascadeValues = Object.fromEntries(below.map((name) => [name, undefined]));
    if (field === 'subdistrict_code') {
      // Fill the postal code from the village when the data has one and the user typed none.
      const postal = items.find((area) => area.code === code)?.postal_code;
      if (postal && !form.getFieldValue('postal_code')) reset.postal_code = postal;
    }
    if (Object.keys(reset).length > 0) form.setFieldsValue(reset);
  };

  return (
    <Col xs={24} md={12}>
      <Form.Item name={field} label={label} {...zodField(schema ?? WarehouseInput, field, label)}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          options={options}
          loading={areas.isFetching}
          disabled={!ready}
          status={areas.isError ? 'error' : undefined}
          placeholder={
            ready
              ? t(`form.placeholders.${LABEL_KEYS[field]}`)
              : t('form.placeholders.pickParentFirst', { parent: (parentLabel ?? '').toLowerCase() })
          }
          notFoundContent={areas.isError ? errorText(areas.error) : t('form.noArea')}
          onChange={onChange}
          data-testid={`area-${field}`}
        />
      </Form.Item>
    </Col>
  );
}

type Props = {
  form: FormInstance;
  /** The saved areas of the record being edited (codes with names). */
  known?: Area[];
  /** The contract whose rules the area fields follow (default: the warehouse's, where they are required). */
  schema?: ObjectSchema;
};

/**
 * Province → city → district → subdistrict, each list loaded from GET /api/areas?parent=<code> and searchable
 * by name; a level opens once its parent is chosen.
 */
export function AreaCascade({ form, known = [], schema }: Props) {
  const { t } = useTranslation('warehouse');
  const province = Form.useWatch('province_code', form) as string | undefined;
  const city = Form.useWatch('city_code', form) as string | undefined;
  const district = Form.useWatch('district_code', form) as string | undefined;
  const parents: (string | null | undefined)[] = [null, province || undefined, city || undefined, district || undefined];
  return (
    <>
      {AREA_FIELDS.map((field, index) => {
        const parentField = index > 0 ? AREA_FIELDS[index - 1] : undefined;
        return (
          <AreaLevel
            key={field}
            form={form}
            field={field}
            parent={parents[index]}
            parentLabel={parentField ? t(`form.fields.${LABEL_KEYS[parentField]}`) : null}
            known={known.filter((area) => area.level === LABEL_KEYS[field])}
            schema={schema}
          />
        );
      })}
    </>
  );
}
