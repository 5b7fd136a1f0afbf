import '../../../../lib/dayjs-language.ts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DiscountProgramInput, type DiscountProgram } from '@kelola/contracts/promotions';
import { DISCOUNT_FORMATS, DISCOUNT_TIERS, CRITERIA_MODES } from '@kelola/domain';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { saveDiscount, useDiscount } from '../../api/promotions-api.ts';

type Values = {
  program_name?: string;
  tier?: string;
  period?: [Dayjs, Dayjs];
  quota?: number | null;
  type?: string | null;
  format?: string;
  value?: number;
  criteria_mode?: string;
  criteria?: { min_qty?: number; value?: number }[];
  min_quantity?: number | null;
  max_quantity?: number | null;
  min_transaction?: number | null;
  max_transaction?: number | null;
  max_discount?: number | null;
  coin_value?: number | null;
  exclusive?: boolean;
  marketplace_fee_percent?: number | null;
  items?: { catalog_id?: string; cost_price?: number | null }[];
};

const field = (name: string) => zodField(DiscountProgramInput, name);
const NUMBER_FIELDS = ['min_quantity', 'max_quantity'] as const;
const MONEY_FIELDS = ['min_transaction', 'max_transaction', 'max_discount', 'coin_value'] as const;

const toBody = (v: Values, channelId: string) => ({
  program_name: v.program_name,
  tier: v.tier,
  channel_id: /^[0-9a-f-]{36}$/iu.test(channelId) ? channelId : null,
  start_date: v.period?.[0]?.format('YYYY-MM-DD'),
  end_date: v.period?.[1]?.format('YYYY-MM-DD'),
  quota: v.quota ?? null,
  type: v.type || null,
  format: v.format,
  value: v.value ?? 0,
  criteria_mode: v.criteria_mode,
  criteria: (v.criteria ?? []).filter((c) => c.min_qty != null).map((c) => ({ min_qty: c.min_qty, value: c.value })),
  ...Object.fromEntries([...NUMBER_FIELDS, ...MONEY_FIELDS].map((k) => [k, v[k] ?? null])),
  exclusive: Boolean(v.exclusive),
  marketplace_fee_percent: v.marketplace_fee_percent ?? null,
  items: (v.items ?? []).map((i) => ({ catalog_id: i.catalog_id, cost_price: i.cost_price ?? null })),
});

const fromProgram = (p: DiscountProgram): Values => ({
  ...p,
  period: [dayjs(p.start_date), dayjs(p.end_date)],
  items: p.items.map((i) => ({ catalog_id: i.catalog_id, cost_price: i.cost_price })),
});

/**
 * /promotion-channel/:id/discount/add, /create and /edit/:promotionId: every field of a discount programme (spec
 * part 3). Saving sends it for approval; a checker approves it on /approval.
 */
export function DiscountFormScreen() {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<Values>();
  const { id: channelId = '', promotionId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const program = useDiscount(promotionId ?? null);
  const backTo = withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(channelId)}/discount`, location.search);
  const format = Form.useWatch('format', form);
  const readOnly = Boolean(program.data && program.data.status !== 'WAITING_APPROVAL');

  return (
    <FormPage<Values, DiscountProgram>
      name="discount"
      title={promotionId ? t('discount.editTitle') : t('discount.addTitle')}
      description={t('discount.approvalHint')}
      form={form}
      backTo={backTo}
      initialValues={
        program.data
          ? fromProgram(program.data)
          : { tier: 'NATIONAL', format: 'PERCENTAGE', criteria_mode: 'RANGE', exclusive: false, items: [{}], criteria: [] }
      }
      loading={Boolean(promotionId) && program.isLoading}
      loadError={program.error}
      onRetry={() => void program.refetch()}
      onSubmit={(values) => saveDiscount(promotionId ?? null, toBody(values, channelId))}
      onSaved={() => {
        notifySuccess(t('discount.saved'));
        void navigate(backTo);
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="program_name" label={t('discount.fields.program_name')} {...field('program_name')}>
              <Input data-testid="field-program_name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="tier" label={t('discount.fields.tier')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
              <Select data-testid="field-tier" options={DISCOUNT_TIERS.map((s) => ({ value: s, label: t(`tier.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="type" label={t('discount.fields.type')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="period" label={t('discount.fields.period')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
              <DatePicker.RangePicker data-testid="field-period" format="YYYY-MM-DD" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="quota" label={t('discount.fields.quota')} extra={t('discount.quotaHint')}>
              <InputNumber data-testid="field-quota" min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="marketplace_fee_percent" label={t('discount.fields.marketplace_fee_percent')}>
              <InputNumber min={0} max={100} step={0.5} addonAfter="%" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="format" label={t('discount.fields.format')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
              <Select data-testid="field-format" options={DISCOUNT_FORMATS.map((s) => ({ value: s, label: t(`format.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="value"
              label={t(`discount.valueLabel.${format ?? 'PERCENTAGE'}`)}
              rules={[{ required: true, message: t('validation:REQUIRED') }]}
            >
              <InputNumber data-testid="field-value" min={0} max={format === 'PERCENTAGE' ? 100 : undefined} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="criteria_mode" label={t('discount.fields.criteria_mode')}>
              <Select options={CRITERIA_MODES.map((s) => ({ value: s, label: t(`criteria.${s}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="exclusive" label={t('discount.fields.exclusive')} valuePropName="checked" extra={t('discount.exclusiveHint')}>
              <Switch data-testid="field-exclusive" />
            </Form.Item>
          </Col>
          {NUMBER_FIELDS.map((name) => (
            <Col xs={24} md={6} key={name}>
              <Form.Item name={name} label={t(`discount.fields.${name}`)}>
                <InputNumber min={1} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
          {MONEY_FIELDS.map((name) => (
            <Col xs={24} md={6} key={name}>
              <Form.Item name={name} label={t(`discount.fields.${name}`)}>
                <MoneyInput style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ))}
        </Row>

        <Typography.Title level={5}>{t('discount.fields.criteria')}</Typography.Title>
        <Form.List name="criteria">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline">
                  <Form.Item name={[f.name, 'min_qty']} label={t('discount.fields.min_qty')}>
                    <InputNumber min={1} precision={0} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'value']} label={t(`discount.valueLabel.${format ?? 'PERCENTAGE'}`)}>
                    <InputNumber min={0} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Form.Item>
                <Button icon={<PlusOutlined />} onClick={() => add({})}>
                  {t('discount.addTier')}
                </Button>
              </Form.Item>
            </>
          )}
        </Form.List>

        <Typography.Title level={5}>{t('discount.fields.items')}</Typography.Title>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, index) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item
                    name={[f.name, 'catalog_id']}
                    label={t('discount.fields.sku')}
                    rules={[{ required: true, message: t('validation:REQUIRED') }]}
                  >
                    <SkuPicker
                      data-testid={`item-sku-${index}`}
                      style={{ width: 360 }}
                      aria-label={`${t('discount.fields.sku')} ${index + 1}`}
                    />
                  </Form.Item>
                  <Form.Item name={[f.name, 'cost_price']} label={t('discount.fields.cost_price')}>
                    <MoneyInput data-testid={`item-cost-${index}`} style={{ width: 160 }} />
                  </Form.Item>
                  <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('remove')} onClick={() => remove(f.name)} />
                </Space>
              ))}
              <Button data-testid="item-add" icon={<PlusOutlined />} onClick={() => add({})}>
                {t('discount.addSku')}
              </Button>
            </>
          )}
        </Form.List>
      </fieldset>
    </FormPage>
  );
}
