import { Form, Radio, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { RESTRICTION_BASES, type RestrictionBase } from '@kelola/contracts/me';
import { errorText } from '../../../lib/error-text.ts';
import { useRestrictionOptions } from '../api/users-api.ts';

type Props = { form: FormInstance };

/**
 * How far a member reaches: by business or by warehouse, and which ones (none chosen means all of them).
 * Changing the base empties the list, since business ids mean nothing as warehouses.
 */
export function RestrictionFields({ form }: Props) {
  const { t } = useTranslation('users');
  const base = (Form.useWatch('restriction_base', form) as RestrictionBase | undefined) ?? 'BUSINESS';
  const options = useRestrictionOptions(base);

  return (
    <>
      <Form.Item name="restriction_base" label={t('restriction.base')} extra={t('restriction.baseHint')} required>
        <Radio.Group
          optionType="button"
          onChange={() => form.setFieldValue('restriction_list', [])}
          options={RESTRICTION_BASES.map((value) => ({ value, label: t(`restriction.bases.${value}`) }))}
          data-testid="restriction-base"
        />
      </Form.Item>
      <Form.Item
        name="restriction_list"
        label={t(`restriction.list.${base}`)}
        extra={t('restriction.listHint')}
        validateStatus={options.isError ? 'warning' : undefined}
        help={options.isError ? errorText(options.error) : undefined}
      >
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={options.isPending}
          placeholder={t(`restriction.all.${base}`)}
          options={(options.data ?? []).map((option) => ({ value: option.id, label: option.name }))}
          data-testid="restriction-list"
        />
      </Form.Item>
    </>
  );
}
