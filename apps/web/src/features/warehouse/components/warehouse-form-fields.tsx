import { Col, Divider, Form, Input, Row, Select, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Area } from '@kelola/contracts/areas';
import { COUNTRY_CODE, COUNTRY_NAME } from '@kelola/contracts/areas';
import { WarehouseInput } from '@kelola/contracts/warehouses';
import { useCan } from '../../../components/use-can.ts';
import { zodField } from '../../../components/zod-rules.ts';
import { useMe } from '../../../lib/me-queries.ts';
import { useBusinesses } from '../api/business-api.ts';
import { useWorkspaceId } from '../../../lib/workspace-query.ts';
import { AreaCascade } from '../../../components/area-cascade.tsx';
import { textLimit } from '../../../components/text-limit.ts';

/** Business choices: the workspace's businesses, or the user's own list when they may not read store settings. */
function useBusinessOptions() {
  const canReadBusinesses = useCan('store-list', 'READ');
  const businesses = useBusinesses(canReadBusinesses);
  const me = useMe(useWorkspaceId(), !canReadBusinesses);
  if (canReadBusinesses) {
    return {
      loading: businesses.isFetching,
      options: (businesses.data?.items ?? []).map((business) => ({ value: business.id, label: business.name })),
    };
  }
  const own = (me.data?.businessList ?? []).flatMap((entry) =>
    entry.business_id ? [{ value: entry.business_id, label: entry.business_name ?? entry.name }] : [],
  );
  return { loading: me.isFetching, options: own };
}

type Props = { form: FormInstance; known?: Area[] };

/** Every field of the warehouse contract (spec part 3 "Warehouse"), with rules from the shared WarehouseInput schema. */
export function WarehouseFormFields({ form, known }: Props) {
  const { t } = useTranslation('warehouse');
  const business = useBusinessOptions();
  const label = (key: string) => t(`form.fields.${key}`);
  const rules = (name: keyof typeof WarehouseInput.shape, key: string) => zodField(WarehouseInput, name, label(key));

  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
        {t('form.sections.general')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={label('name')} {...rules('name', 'name')}>
            <Input count={textLimit(100)} placeholder={t('form.placeholders.name')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="code" label={label('code')} extra={t('form.hints.code')} {...rules('code', 'code')}>
            <Input count={textLimit(30)} placeholder={t('form.placeholders.code')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="external_code" label={label('externalCode')} {...rules('external_code', 'externalCode')}>
            <Input count={textLimit(50)} placeholder={t('form.placeholders.externalCode')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="category" label={label('category')} {...rules('category', 'category')}>
            <Input count={textLimit(100)} placeholder={t('form.placeholders.category')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="business_id" label={label('business')} extra={t('form.hints.business')} {...rules('business_id', 'business')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={business.loading}
              options={business.options}
              placeholder={t('form.placeholders.business')}
              data-testid="business-select"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
        {t('form.sections.contact')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="contact" label={label('contact')} {...rules('contact', 'contact')}>
            <Input count={textLimit(100)} placeholder={t('form.placeholders.contact')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label={label('phone')} validateTrigger="onBlur" {...rules('phone', 'phone')}>
            <Input inputMode="tel" autoComplete="tel" placeholder={t('form.placeholders.phone')} />
          </Form.Item>
        </Col>
      </Row>

      <Divider />
      <Typography.Title level={5} style={{ marginTop: 0, marginBottom: 16 }}>
        {t('form.sections.address')}
      </Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="address_line_1" label={label('addressLine1')} {...rules('address_line_1', 'addressLine1')}>
            <Input.TextArea
              count={textLimit(255)}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('form.placeholders.addressLine1')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="address_line_2" label={label('addressLine2')} {...rules('address_line_2', 'addressLine2')}>
            <Input.TextArea
              count={textLimit(255)}
              autoSize={{ minRows: 2, maxRows: 4 }}
              placeholder={t('form.placeholders.addressLine2')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="country_code" label={label('country')} {...rules('country_code', 'country')} required>
            <Select disabled options={[{ value: COUNTRY_CODE, label: COUNTRY_NAME }]} />
          </Form.Item>
        </Col>
        <AreaCascade form={form} known={known} />
        <Col xs={24} md={12}>
          <Form.Item name="postal_code" label={label('postalCode')} {...rules('postal_code', 'postalCode')}>
            <Input inputMode="numeric" count={textLimit(5)} placeholder={t('form.placeholders.postalCode')} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
