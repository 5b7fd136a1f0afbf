import '../../../../lib/dayjs-language.ts';
import { ADMIN_VOUCHER_TYPES, VOUCHER_VALUE_TYPES } from '@kelola/domain';
import { Alert, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { ApiError, isApiError } from '../../../../lib/api-error.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { saveAdminVoucher, useInvalidatePromotions } from '../../api/promotions-api.ts';

type Values = {
  name?: string;
  code?: string;
  type?: string;
  value_type?: string;
  value?: number;
  max_discount?: number | null;
  get_period?: [Dayjs, Dayjs];
  use_period?: [Dayjs, Dayjs];
  combinable?: boolean;
  quota?: number;
  per_customer_limit?: number;
  min_transaction?: number;
};

const date = (d: Dayjs | undefined) => d?.format('YYYY-MM-DD') ?? '';

/** The body of POST /api/vouchers: numbers as numbers, periods as Jakarta calendar dates. */
export const toAdminVoucherBody = (v: Values, channelId: string) => ({
  channel_id: /^[0-9a-f-]{36}$/iu.test(channelId) ? channelId : null,
  name: (v.name ?? '').trim(),
  code: (v.code ?? '').trim(),
  type: v.type ?? 'DISCOUNT',
  value_type: v.value_type ?? 'AMOUNT',
  value: Number(v.value ?? 0),
  max_discount: v.max_discount == null ? null : Number(v.max_discount),
  get_start: date(v.get_period?.[0]),
  get_end: date(v.get_period?.[1]),
  use_start: date(v.use_period?.[0]),
  use_end: date(v.use_period?.[1]),
  combinable: Boolean(v.combinable),
  quota: Number(v.quota ?? 0),
  per_customer_limit: Number(v.per_customer_limit ?? 1),
  min_transaction: Number(v.min_transaction ?? 0),
});

/** The server names a period's ends (get_start, use_end…); the form has one range field per period. */
export function onPeriods(error: unknown): unknown {
  if (!isApiError(error) || error.fieldIssues.length === 0) return error;
  const field = (path: string) => path.replace(/^(get|use)_(start|end)$/u, '$1_period');
  return new ApiError(error.status, error.code, error.message, {
    ...error.details,
    fields: error.fieldIssues.map((f) => ({ ...f, path: field(f.path) })),
  });
}

/** /promotion-channel/:id/voucher/add: an admin voucher, saved waiting for a checker; back to the list with a notice. */
export function AdminVoucherFormScreen() {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<Values>();
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const invalidate = useInvalidatePromotions();
  const backTo = withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(channelId)}/voucher`, location.search);
  const valueType = Form.useWatch('value_type', form);
  const required = [{ required: true, message: t('validation:REQUIRED') }];

  return (
    <FormPage<Values, unknown>
      name="admin_voucher"
      title={t('adminVoucher.addTitle')}
      description={<Alert type="info" showIcon message={t('adminVoucher.approvalHint')} />}
      form={form}
      backTo={backTo}
      initialValues={{
        type: 'DISCOUNT',
        value_type: 'AMOUNT',
        combinable: false,
        per_customer_limit: 1,
        min_transaction: 0,
        get_period: [dayjs(), dayjs().add(14, 'day')],
        use_period: [dayjs(), dayjs().add(30, 'day')],
      }}
      onSubmit={(values) =>
        saveAdminVoucher(toAdminVoucherBody(values, channelId)).catch((error: unknown) => Promise.reject(onPeriods(error)))
      }
      onSaved={() => {
        void invalidate();
        notifySuccess(t('adminVoucher.saved'));
        void navigate(backTo);
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('adminVoucher.fields.name')} rules={required}>
            <Input data-testid="field-name" count={textLimit(100)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="code" label={t('adminVoucher.fields.code')} rules={required} extra={t('adminVoucher.codeHint')}>
            <Input data-testid="field-code" count={textLimit(50)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="type" label={t('adminVoucher.fields.type')}>
            <Select data-testid="field-type" options={ADMIN_VOUCHER_TYPES.map((v) => ({ value: v, label: t(`adminVoucherType.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="value_type" label={t('voucher.fields.value_type')}>
            <Select options={VOUCHER_VALUE_TYPES.map((v) => ({ value: v, label: t(`valueType.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="value"
            label={valueType === 'PERCENTAGE' ? t('adminVoucher.valuePercent') : t('adminVoucher.valueAmount')}
            rules={required}
          >
            {valueType === 'PERCENTAGE' ? (
              <InputNumber data-testid="field-value" min={0} max={100} style={{ width: '100%' }} />
            ) : (
              <MoneyInput data-testid="field-value" style={{ width: '100%' }} />
            )}
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="get_period" label={t('adminVoucher.fields.get_period')} rules={required} extra={t('adminVoucher.getHint')}>
            <DatePicker.RangePicker data-testid="field-get_period" format="YYYY-MM-DD" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="use_period" label={t('adminVoucher.fields.use_period')} rules={required} extra={t('adminVoucher.useHint')}>
            <DatePicker.RangePicker data-testid="field-use_period" format="YYYY-MM-DD" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="quota" label={t('adminVoucher.fields.quota')} rules={required}>
            <InputNumber data-testid="field-quota" min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="per_customer_limit" label={t('adminVoucher.fields.per_customer_limit')}>
            <InputNumber data-testid="field-per_customer_limit" min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="min_transaction" label={t('adminVoucher.fields.min_transaction')}>
            <MoneyInput data-testid="field-min_transaction" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="max_discount" label={t('voucher.fields.max_discount')}>
            <MoneyInput data-testid="field-max_discount" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name="combinable" label={t('adminVoucher.fields.combinable')} valuePropName="checked">
            <Switch data-testid="field-combinable" />
          </Form.Item>
        </Col>
      </Row>
    </FormPage>
  );
}
