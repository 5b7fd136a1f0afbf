import { CustomerInput, STORE_TYPES, type Customer } from '@kelola/contracts/customers';
import { Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { AreaCascade } from '../../../../components/area-cascade.tsx';
import { saveCustomer, useCustomer, useCustomerCategories } from '../../api/customers-api.ts';

type Values = Partial<Record<keyof CustomerInput, unknown>>;

const field = (name: keyof CustomerInput) => zodField(CustomerInput, name);
const TEXT_FIELDS = ['code', 'name', 'phone', 'email', 'tax_id', 'shop_code', 'sales_code'] as const;

const blankToNull = (values: Values): CustomerInput => {
  const body = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value === '' || value === undefined ? null : value]));
  return { ...body, coin_usage: Boolean(values.coin_usage) } as CustomerInput;
};

/** /customer-channel/:id/customer-list(-v2)/form (`?id=` edits): every customer field, per-field messages, area cascade. */
export function CustomerFormScreen() {
  const { t } = useTranslation('customers');
  const [form] = Form.useForm<Values>();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const id = params.get('id');
  const customer = useCustomer(id);
  const categories = useCustomerCategories();
  const backTo = withWorkspaceQuery(location.pathname.replace(/\/form$/u, ''), location.search);

  return (
    <FormPage<Values, Customer>
      name="customer"
      title={id ? t('editTitle') : t('addTitle')}
      form={form}
      backTo={backTo}
      initialValues={
        (customer.data as Values | undefined) ?? { credit_limit: 0, transaction_limit: 0, payment_limit_days: 0, coin_usage: false }
      }
      loading={Boolean(id) && customer.isLoading}
      loadError={customer.error}
      onRetry={() => void customer.refetch()}
      onSubmit={(values) => saveCustomer(id, blankToNull(values))}
      onSaved={() => {
        notifySuccess(t('saved'));
        void navigate(backTo);
      }}
    >
      <Row gutter={16}>
        {TEXT_FIELDS.map((name) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={t(`fields.${name}`)} {...field(name)}>
              <Input data-testid={`field-${name}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="category_id" label={t('fields.category')}>
            <Select allowClear options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="store_type" label={t('fields.store_type')}>
            <Select allowClear options={STORE_TYPES.map((type) => ({ value: type, label: t(`storeType.${type}`) }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t('fields.address')} {...field('address')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Col>
        <AreaCascade form={form} schema={CustomerInput} />
        <Col xs={24} md={12}>
          <Form.Item name="postal_code" label={t('fields.postal_code')} {...field('postal_code')}>
            <Input />
          </Form.Item>
        </Col>
        {(['credit_limit', 'transaction_limit'] as const).map((name) => (
          <Col xs={24} md={12} key={name}>
            <Form.Item name={name} label={t(`fields.${name}`)}>
              <InputNumber min={0} precision={0} prefix="Rp" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="payment_limit_days" label={t('fields.payment_limit_days')}>
            <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="coin_usage" label={t('fields.coin_usage')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </Row>
    </FormPage>
  );
}
