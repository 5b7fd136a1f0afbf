import '../../../../lib/dayjs-language.ts';
import { VOUCHER_VALUE_TYPES, WEB_VOUCHER_TYPE_IDS } from '@kelola/domain';
import type { UsedVoucher, WebVoucher } from '@kelola/contracts/promotions';
import { Col, DatePicker, Descriptions, Form, Input, InputNumber, Row, Select, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { PageLoader } from '../../../../components/page-loader.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { saveWebVoucher, useInvalidateVouchers, useUsedVouchers, useWebVoucher } from '../../api/promotions-api.ts';
import { textLimit } from '../../../../components/text-limit.ts';

type Item = {
  voucher_code?: string;
  type_id?: number;
  transaction_data?: { value?: number; type?: string; min_transaction?: number; max_discount?: number };
  validity?: [Dayjs, Dayjs];
  f_combined?: boolean;
  f_allstore?: boolean;
  store_list?: string[];
  qty?: number;
  reference_list?: string[];
  courier_list?: string[];
};
type Values = { items: Item[] };

const COURIERS = ['jne', 'jnt', 'sicepat', 'anteraja', 'pos', 'tiki', 'ninja', 'gosend', 'grab'];

/**
 * Spec part 5 save rules: discount value, minimum transaction, maximum discount and quantity as numbers; validity
 * as unix seconds; all-store or the selected stores; courier_list only for type 3; reference_list the products for
 * type 2, the brand for type 4, otherwise empty.
 */
export function toVoucherItem(v: Item, id?: string) {
  const type = v.type_id ?? 2;
  return {
    ...(id ? { id } : {}),
    voucher_code: (v.voucher_code ?? '').trim(),
    type_id: type,
    transaction_data: {
      value: Number(v.transaction_data?.value ?? 0),
      type: v.transaction_data?.type ?? 'AMOUNT',
      min_transaction: Number(v.transaction_data?.min_transaction ?? 0),
      max_discount: Number(v.transaction_data?.max_discount ?? 0),
    },
    validity: { from: v.validity?.[0]?.startOf('day').unix() ?? 0, until: v.validity?.[1]?.endOf('day').unix() ?? 0 },
    f_combined: Boolean(v.f_combined),
    f_allstore: Boolean(v.f_allstore),
    store_list: v.f_allstore ? [] : (v.store_list ?? []),
    qty: Number(v.qty ?? 0),
    reference_list: type === 3 ? [] : (v.reference_list ?? []),
    ...(type === 3 ? { courier_list: v.courier_list ?? [] } : {}),
  };
}

const fromVoucher = (w: WebVoucher): Item => ({
  ...w,
  validity: [dayjs.unix(w.validity.from), dayjs.unix(w.validity.until)],
});

/** /web-voucher/:id/add-voucher and /edit-voucher?voucher=: saves and returns to the list with a success notice. */
export function WebVoucherFormScreen() {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<Values>();
  const { id: channelId = '' } = useParams();
  const [params] = useSearchParams();
  const voucherId = params.get('voucher');
  const location = useLocation();
  const navigate = useNavigate();
  const voucher = useWebVoucher(voucherId);
  const invalidate = useInvalidateVouchers();
  const backTo = withWorkspaceQuery(`/web-voucher/${encodeURIComponent(channelId)}`, location.search);
  const typeId = Form.useWatch(['items', 0, 'type_id'], form);
  const allStore = Form.useWatch(['items', 0, 'f_allstore'], form);
  const name = (...path: (string | number)[]) => ['items', 0, ...path];

  return (
    <FormPage<Values, unknown>
      name="voucher"
      title={voucherId ? t('voucher.editTitle') : t('voucher.addTitle')}
      form={form}
      backTo={backTo}
      initialValues={
        voucher.data
          ? { items: [fromVoucher(voucher.data)] }
          : {
              items: [
                {
                  type_id: 3,
                  f_allstore: true,
                  f_combined: false,
                  transaction_data: { type: 'AMOUNT', min_transaction: 0, max_discount: 0 },
                  validity: [dayjs(), dayjs().add(30, 'day')],
                },
              ],
            }
      }
      loading={Boolean(voucherId) && voucher.isLoading}
      loadError={voucher.error}
      onRetry={() => void voucher.refetch()}
      onSubmit={(values) =>
        saveWebVoucher(Boolean(voucherId), { channel_id: channelId, items: [toVoucherItem(values.items[0] ?? {}, voucherId ?? undefined)] })
      }
      onSaved={() => {
        void invalidate();
        notifySuccess(t('voucher.saved'));
        void navigate(backTo);
      }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name={name('voucher_code')}
            label={t('voucher.fields.voucher_code')}
            rules={[{ required: true, message: t('validation:REQUIRED') }]}
          >
            <Input data-testid="field-voucher_code" count={textLimit(50)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={name('type_id')} label={t('voucher.fields.type_id')}>
            <Select data-testid="field-type_id" options={WEB_VOUCHER_TYPE_IDS.map((v) => ({ value: v, label: t(`voucherType.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={name('transaction_data', 'type')} label={t('voucher.fields.value_type')}>
            <Select options={VOUCHER_VALUE_TYPES.map((v) => ({ value: v, label: t(`valueType.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={name('transaction_data', 'value')}
            label={t('voucher.fields.value')}
            rules={[{ required: true, message: t('validation:REQUIRED') }]}
          >
            <InputNumber data-testid="field-value" min={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={name('transaction_data', 'min_transaction')} label={t('voucher.fields.min_transaction')}>
            <MoneyInput data-testid="field-min_transaction" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={name('transaction_data', 'max_discount')} label={t('voucher.fields.max_discount')}>
            <MoneyInput data-testid="field-max_discount" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={name('validity')}
            label={t('voucher.fields.validity')}
            rules={[{ required: true, message: t('validation:REQUIRED') }]}
          >
            <DatePicker.RangePicker data-testid="field-validity" format="YYYY-MM-DD" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item name={name('qty')} label={t('voucher.fields.qty')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
            <InputNumber data-testid="field-qty" min={1} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name={name('f_combined')} label={t('voucher.fields.f_combined')} valuePropName="checked">
            <Switch data-testid="field-f_combined" />
          </Form.Item>
        </Col>
        <Col xs={12} md={3}>
          <Form.Item name={name('f_allstore')} label={t('voucher.fields.f_allstore')} valuePropName="checked">
            <Switch data-testid="field-f_allstore" />
          </Form.Item>
        </Col>
        {!allStore && (
          <Col span={24}>
            <Form.Item name={name('store_list')} label={t('voucher.fields.store_list')}>
              <Select mode="tags" data-testid="field-store_list" />
            </Form.Item>
          </Col>
        )}
        {typeId === 3 && (
          <Col span={24}>
            <Form.Item name={name('courier_list')} label={t('voucher.fields.courier_list')}>
              <Select
                mode="multiple"
                data-testid="field-courier_list"
                options={COURIERS.map((c) => ({ value: c, label: c.toUpperCase() }))}
              />
            </Form.Item>
          </Col>
        )}
        {typeId === 2 && (
          <Col span={24}>
            <Form.Item name={name('reference_list', 0)} label={t('voucher.fields.products')}>
              <SkuPicker data-testid="field-product" style={{ width: 420 }} />
            </Form.Item>
          </Col>
        )}
        {typeId === 4 && (
          <Col span={24}>
            <Form.Item name={name('reference_list', 0)} label={t('voucher.fields.brand')}>
              <Input data-testid="field-brand" />
            </Form.Item>
          </Col>
        )}
      </Row>
    </FormPage>
  );
}

/** /web-voucher/:id/detail-voucher?voucher=: one voucher as saved. */
export function WebVoucherDetailScreen() {
  const { t } = useTranslation('promotions');
  const [params] = useSearchParams();
  const voucher = useWebVoucher(params.get('voucher'));
  const v = voucher.data;
  const used = useUsedVouchers({ voucher_id: v?.id ?? '', limit: 50 }, true, Boolean(v));
  if (!v) return <PageLoader />;
  return (
    <>
      <Descriptions title={v.voucher_code} bordered column={1} data-testid="voucher-detail">
        <Descriptions.Item label={t('voucher.fields.type_id')}>{t(`voucherType.${v.type_id}`)}</Descriptions.Item>
        <Descriptions.Item label={t('voucher.fields.value')}>
          {v.transaction_data.type === 'PERCENTAGE'
            ? `${v.transaction_data.value} %`
            : `Rp ${v.transaction_data.value.toLocaleString('id-ID')}`}
        </Descriptions.Item>
        <Descriptions.Item
          label={t('voucher.fields.min_transaction')}
        >{`Rp ${v.transaction_data.min_transaction.toLocaleString('id-ID')}`}</Descriptions.Item>
        <Descriptions.Item
          label={t('voucher.fields.max_discount')}
        >{`Rp ${v.transaction_data.max_discount.toLocaleString('id-ID')}`}</Descriptions.Item>
        <Descriptions.Item label={t('voucher.fields.validity')}>
          {`${dayjs.unix(v.validity.from).format('YYYY-MM-DD')} – ${dayjs.unix(v.validity.until).format('YYYY-MM-DD')}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('voucher.fields.available_booked')}>{`${v.available} / ${v.booked}`}</Descriptions.Item>
        <Descriptions.Item label={t('voucher.fields.courier_list')}>{v.courier_list.join(', ') || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('voucher.fields.status')}>{t(`voucherStatus.${v.status}`)}</Descriptions.Item>
      </Descriptions>
      <h3 style={{ marginTop: 24 }}>{t('used.title')}</h3>
      <Table<UsedVoucher>
        size="small"
        rowKey="id"
        data-testid="voucher-used"
        loading={used.isFetching}
        dataSource={used.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('used.empty') }}
        columns={[
          { title: t('used.order_reference'), dataIndex: 'order_reference' },
          { title: t('used.customer_reference'), dataIndex: 'customer_reference', render: (c: string | null) => c ?? '-' },
          { title: t('used.discount'), dataIndex: 'discount', render: (d: number) => `Rp ${d.toLocaleString('id-ID')}` },
          { title: t('used.used_at'), dataIndex: 'used_at', render: (at: string) => new Date(at).toLocaleString('id-ID') },
        ]}
      />
    </>
  );
}
