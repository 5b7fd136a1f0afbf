import '../../../../lib/dayjs-language.ts';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ManualOrderInput, PAYMENT_STATUSES, type ManualOrderQuoteInput, type ManualVoucherCheckInput } from '@kelola/contracts/orders';
import type { CatalogSearchItem } from '@kelola/contracts/catalog-search';
import { Button, Card, Col, DatePicker, Descriptions, Flex, Form, Input, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { MoneyText } from '../../../../components/money-text.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { useCan } from '../../../../components/use-can.ts';
import { zodField } from '../../../../components/zod-rules.ts';
import { isApiError } from '../../../../lib/api-error.ts';
import { validationText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { formatMoney } from '../../../../lib/format.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useDebounced } from '../../../../lib/use-debounced.ts';
import { useAvailableStock } from '../../../../lib/stock.ts';
import { useWarehouseOptions } from '../../../../lib/warehouses.ts';
import {
  useCreateManualOrder,
  useCustomerOptions,
  useEditManualOrder,
  useManualPrices,
  useManualQuote,
  useManualVoucher,
  useOrder,
} from '../../api/orders-api.ts';
import { manualOrderTotals } from '../../components/manual-order-totals.ts';

type LineValues = { catalog_id?: string; quantity?: number; unit_price?: number | null; discount?: number | null };
type FormValues = {
  warehouse_id?: string;
  customer_id?: string;
  order_date?: Dayjs;
  buyer_name?: string;
  buyer_phone?: string;
  buyer_email?: string;
  address?: string;
  lines?: LineValues[];
  discount?: number | null;
  shipping_fee?: number | null;
  voucher_code?: string;
  courier_name?: string;
  courier_service?: string;
  payment_status?: string;
  notes?: string;
};

const rules = (name: string) => zodField(ManualOrderInput, name);

/**
 * /manual-order/:id/create: customer (chosen, or a buyer typed in), lines with the shared SKU picker and the stock of
 * the chosen warehouse, line and order discounts, shipping, payment status and notes; saved as a draft or confirmed.
 * A price left empty is the server's (area price for the customer, then formula, then list price): the saved order
 * shows which applied on each line. A typed voucher code is checked by the server as the form changes (the save's
 * rules, nothing used): its discount shows in the totals, or its refusal on the field, before saving.
 */
export function ManualOrderCreateScreen() {
  const { t } = useTranslation('orders');
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<FormValues>();
  const [items, setItems] = useState<Record<string, CatalogSearchItem>>({});
  // ?edit=<order id>: the same form on a saved DRAFT (PUT /api/manual-orders/:id).
  const editId = new URLSearchParams(location.search).get('edit');
  const editing = useOrder(editId);
  const draft = editing.data?.source === 'MANUAL' && editing.data.status === 'DRAFT' ? editing.data : undefined;
  const [loadedId, setLoadedId] = useState<string | null>(null);
  useEffect(() => {
    if (!draft || loadedId === draft.id) return;
    setLoadedId(draft.id);
    form.setFieldsValue({
      warehouse_id: draft.warehouse_id ?? undefined,
      customer_id: draft.customer_id ?? undefined,
      order_date: dayjs(draft.order_date),
      buyer_name: draft.buyer_name ?? undefined,
      buyer_phone: draft.buyer_phone ?? undefined,
      buyer_email: draft.buyer_email ?? undefined,
      address: draft.shipping_address.address ?? undefined,
      lines: draft.lines.map((line) => ({
        catalog_id: line.catalog_id ?? undefined,
        quantity: line.quantity,
        // Only a typed price stays typed: the others are the server's again (the customer or date may change).
        unit_price: line.price_source === 'INPUT' ? line.unit_price : null,
        discount: line.discount,
      })),
      discount: draft.amounts.seller_discount,
      shipping_fee: draft.amounts.shipping_fee_buyer,
      courier_name: draft.courier_name ?? undefined,
      courier_service: draft.courier_service ?? undefined,
      payment_status: draft.payment_status,
      notes: draft.notes ?? undefined,
      voucher_code: draft.voucher_code ?? undefined,
    });
  }, [draft, loadedId, form]);
  const [customerText, setCustomerText] = useState('');
  const customers = useCustomerOptions(useDebounced(customerText, 300));
  const warehouses = useWarehouseOptions(new URLSearchParams(location.search).get('business_id'), useCan('warehouse', 'READ'));
  const lines = Form.useWatch('lines', form) ?? [];
  const warehouseId = Form.useWatch('warehouse_id', form);
  const discount = Form.useWatch('discount', form);
  const shipping = Form.useWatch('shipping_fee', form);
  const customerId = Form.useWatch('customer_id', form);
  const orderDate = Form.useWatch('order_date', form);
  const prices = useManualPrices(
    customerId,
    orderDate?.format('YYYY-MM-DD'),
    lines.flatMap((line) => (line?.catalog_id ? [line.catalog_id] : [])),
  );
  const draftLabel = (catalogId: string | undefined) => {
    const line = catalogId ? draft?.lines.find((l) => l.catalog_id === catalogId) : undefined;
    return line ? `${line.sku ?? ''} — ${line.name}` : undefined;
  };
  const quoteOf = (catalogId: string | undefined) =>
    catalogId ? prices.data?.items.find((item) => item.catalog_id === catalogId) : undefined;
  // The voucher check's body as text, so that the pause in typing is measured on what is sent.
  const voucherCode = (Form.useWatch('voucher_code', form) ?? '').trim();
  const buyerName = Form.useWatch('buyer_name', form);
  const buyerPhone = Form.useWatch('buyer_phone', form);
  // The form's complete lines, each with its index in the form (the server's quote answers them in this order).
  const checked = lines.flatMap((line, index) =>
    line?.catalog_id && line.quantity
      ? [
          {
            index,
            line: {
              catalog_id: line.catalog_id,
              quantity: line.quantity,
              unit_price: line.unit_price ?? undefined,
              discount: line.discount ?? 0,
            },
          },
        ]
      : [],
  );
  const checkLines = checked.map((c) => c.line);
  const quoteBody: ManualOrderQuoteInput | null =
    checkLines.length > 0 && orderDate
      ? {
          order_id: draft?.id ?? null,
          customer_id: customerId ?? null,
          order_date: orderDate.format('YYYY-MM-DD'),
          buyer_phone: buyerPhone || undefined,
          lines: checkLines,
          discount: discount ?? 0,
          shipping_fee: shipping ?? 0,
        }
      : null;
  const quoteText = useDebounced(quoteBody ? JSON.stringify(quoteBody) : '', 400);
  const formQuote = useManualQuote(quoteText ? (JSON.parse(quoteText) as ManualOrderQuoteInput) : null);
  /** A discount programme's price for the form's line `index` (lines without a typed price), as saving will give it. */
  const promotionOf = (index: number) => {
    const k = checked.findIndex((c) => c.index === index);
    const priced = k >= 0 && quoteText ? formQuote.data?.lines[k] : undefined;
    return priced?.price_source === 'PROMOTION' && priced.catalog_id === checked[k]?.line.catalog_id && lines[index]?.unit_price == null
      ? priced
      : undefined;
  };
  const voucherBody: ManualVoucherCheckInput | null =
    voucherCode && checkLines.length > 0 && orderDate
      ? {
          voucher_code: voucherCode,
          order_id: draft?.id ?? null,
          customer_id: customerId ?? null,
          order_date: orderDate.format('YYYY-MM-DD'),
          buyer_name: buyerName || undefined,
          buyer_phone: buyerPhone || undefined,
          lines: checkLines,
          discount: discount ?? 0,
          shipping_fee: shipping ?? 0,
        }
      : null;
  const voucherText = useDebounced(voucherBody ? JSON.stringify(voucherBody) : '', 400);
  const voucher = useManualVoucher(voucherText ? (JSON.parse(voucherText) as ManualVoucherCheckInput) : null);
  const voucherIssue = isApiError(voucher.error) ? voucher.error.fieldIssues.find((issue) => issue.path === 'voucher_code') : undefined;
  const voucherApplied = voucherText && voucher.data ? voucher.data : undefined;
  const stock = useAvailableStock(
    warehouseId,
    lines.map((line) => line?.catalog_id),
  );
  const totals = manualOrderTotals(
    lines.map((line, index) => {
      const promotion = promotionOf(index);
      return promotion
        ? { ...line, list_price: promotion.unit_price, discount: promotion.discount }
        : { ...line, list_price: quoteOf(line?.catalog_id)?.unit_price ?? (line?.catalog_id ? items[line.catalog_id]?.price : 0) };
    }),
    discount,
    shipping,
    voucherApplied?.discount,
  );
  const listPath = withWorkspaceQuery(`/manual-order/${id ?? 'all'}`, location.search);
  const [confirming, setConfirming] = useState(false);
  const create = useCreateManualOrder({
    onSuccess: (order) => {
      notifySuccess(t('manual.saved', { number: order.order_number }));
      void navigate(`${listPath}${listPath.includes('?') ? '&' : '?'}order=${encodeURIComponent(order.id)}`);
    },
  });

  const edit = useEditManualOrder({
    onSuccess: (order) => {
      notifySuccess(t('manual.saved', { number: order.order_number }));
      void navigate(`${listPath}${listPath.includes('?') ? '&' : '?'}order=${encodeURIComponent(order.id)}`);
    },
  });
  const saving = create.isPending || edit.isPending;

  const submit = async (confirm: boolean) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setConfirming(confirm);
    const body: ManualOrderInput = {
      warehouse_id: values.warehouse_id ?? '',
      customer_id: values.customer_id ?? null,
      order_date: (values.order_date ?? dayjs()).format('YYYY-MM-DD'),
      buyer_name: values.buyer_name ?? '',
      buyer_phone: values.buyer_phone || undefined,
      buyer_email: values.buyer_email || null,
      address: values.address || undefined,
      lines: (values.lines ?? []).map((line) => ({
        catalog_id: line.catalog_id ?? '',
        quantity: line.quantity ?? 1,
        unit_price: line.unit_price ?? undefined,
        discount: line.discount ?? 0,
      })),
      discount: values.discount ?? 0,
      shipping_fee: values.shipping_fee ?? 0,
      voucher_code: values.voucher_code?.trim() || undefined,
      courier_name: values.courier_name || undefined,
      courier_service: values.courier_service || undefined,
      payment_status: (values.payment_status ?? 'UNPAID') as ManualOrderInput['payment_status'],
      notes: values.notes || undefined,
      confirm,
    };
    const onError = (error: unknown) => applyFieldErrors(form, error) || notifyHttpError(error);
    if (draft) edit.mutate({ id: draft.id, body }, { onError });
    else create.mutate(body, { onError });
  };

  const chooseCustomer = (customerId?: string) => {
    const customer = customers.data?.items.find((item) => item.id === customerId);
    if (customer)
      form.setFieldsValue({
        buyer_name: customer.name,
        buyer_phone: customer.phone ?? undefined,
        buyer_email: customer.email ?? undefined,
        address: customer.address ?? undefined,
      });
  };

  return (
    <Flex vertical gap={16}>
      <Flex align="center" gap={8}>
        <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('manual.back')} onClick={() => void navigate(listPath)} />
        <Typography.Title level={3} style={{ margin: 0 }}>
          {draft ? t('manual.editTitle', { number: draft.order_number }) : t('manual.createTitle')}
        </Typography.Title>
      </Flex>
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ order_date: dayjs(), lines: [{ quantity: 1 }], payment_status: 'UNPAID' }}
      >
        <Card title={t('manual.customer')}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="customer_id" label={t('manual.chooseCustomer')} extra={t('manual.customerHint')}>
                <Select
                  data-testid="customer"
                  allowClear
                  showSearch={{ filterOption: false, onSearch: setCustomerText }}
                  loading={customers.isFetching}
                  options={[
                    ...(draft?.customer_id && !customers.data?.items.some((customer) => customer.id === draft.customer_id)
                      ? [{ value: draft.customer_id, label: draft.buyer_name ?? draft.customer_id }]
                      : []),
                    ...(customers.data?.items ?? []).map((customer) => ({
                      value: customer.id,
                      label: `${customer.code} — ${customer.name}`,
                    })),
                  ]}
                  onChange={chooseCustomer}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="buyer_name" label={t('manual.buyerName')} {...rules('buyer_name')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="buyer_phone" label={t('detail.phone')} {...rules('buyer_phone')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="buyer_email" label={t('detail.email')} {...rules('buyer_email')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="order_date" label={t('columns.orderDate')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address" label={t('detail.address')} {...rules('address')}>
                <Input.TextArea rows={2} />
              </Form.Item>
            </Col>
          </Row>
        </Card>
        <Card title={t('detail.lines')} style={{ marginTop: 16 }}>
          <Form.Item name="warehouse_id" label={t('manual.warehouse')} {...rules('warehouse_id')} style={{ maxWidth: 360 }}>
            <Select
              data-testid="warehouse"
              options={warehouses.options}
              loading={warehouses.isFetching}
              showSearch={{ optionFilterProp: 'label' }}
            />
          </Form.Item>
          <Form.List name="lines">
            {(fields, { add, remove }) => (
              <Flex vertical gap={8}>
                <Table
                  rowKey="key"
                  size="small"
                  pagination={false}
                  dataSource={fields}
                  scroll={{ x: 'max-content' }}
                  columns={[
                    {
                      title: t('lines.product'),
                      key: 'sku',
                      render: (_v, field) => (
                        <Form.Item
                          name={[field.name, 'catalog_id']}
                          rules={[{ required: true, message: t('validation:REQUIRED') }]}
                          style={{ margin: 0 }}
                        >
                          <SkuPicker
                            selectedLabel={draftLabel(lines[field.name]?.catalog_id)}
                            style={{ width: 280 }}
                            aria-label={t('lines.product')}
                            data-testid={`line-sku-${field.name}`}
                            onChange={(_catalogId, item) => item && setItems((known) => ({ ...known, [item.id]: item }))}
                          />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('manual.available'),
                      key: 'stock',
                      render: (_v, field) => {
                        const catalogId = lines[field.name]?.catalog_id;
                        const available = catalogId ? stock.available.get(catalogId) : undefined;
                        return <span data-testid="line-stock">{available === undefined ? '-' : available}</span>;
                      },
                    },
                    {
                      title: t('lines.quantity'),
                      key: 'quantity',
                      render: (_v, field) => (
                        <Form.Item
                          name={[field.name, 'quantity']}
                          rules={[{ required: true, message: t('validation:REQUIRED') }]}
                          style={{ margin: 0 }}
                        >
                          <InputNumber min={1} precision={0} style={{ width: 90 }} aria-label={t('lines.quantity')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('lines.unitPrice'),
                      key: 'price',
                      render: (_v, field) => {
                        const catalogId = lines[field.name]?.catalog_id;
                        const quote = quoteOf(catalogId);
                        const listPrice = quote?.unit_price ?? (catalogId ? items[catalogId]?.price : undefined);
                        const typed = lines[field.name]?.unit_price != null;
                        const promotion = promotionOf(field.name);
                        return (
                          <Form.Item
                            name={[field.name, 'unit_price']}
                            style={{ margin: 0 }}
                            extra={
                              typed ? (
                                t('priceSource.INPUT')
                              ) : promotion ? (
                                <span data-testid="line-price-source">
                                  {t('priceSource.PROMOTION')}: <MoneyText value={promotion.unit_price} />
                                </span>
                              ) : quote ? (
                                <span data-testid="line-price-source">
                                  {t(`priceSource.${quote.source}`)}: <MoneyText value={quote.unit_price} />
                                </span>
                              ) : (
                                t('manual.autoPrice')
                              )
                            }
                          >
                            <InputNumber
                              min={0}
                              precision={0}
                              style={{ width: 140 }}
                              placeholder={listPrice !== undefined ? String(listPrice) : undefined}
                              aria-label={t('lines.unitPrice')}
                            />
                          </Form.Item>
                        );
                      },
                    },
                    {
                      title: t('lines.discount'),
                      key: 'discount',
                      render: (_v, field) => (
                        <Form.Item name={[field.name, 'discount']} style={{ margin: 0 }}>
                          <InputNumber min={0} precision={0} style={{ width: 120 }} aria-label={t('lines.discount')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('lines.total'),
                      key: 'total',
                      align: 'right',
                      render: (_v, field) => <MoneyText value={totals.lines[field.name] ?? 0} />,
                    },
                    {
                      key: 'remove',
                      render: (_v, field) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('manual.removeLine')}
                          disabled={fields.length === 1}
                          onClick={() => remove(field.name)}
                        />
                      ),
                    },
                  ]}
                />
                <Button icon={<PlusOutlined />} onClick={() => add({ quantity: 1 })} style={{ width: 'fit-content' }}>
                  {t('manual.addLine')}
                </Button>
              </Flex>
            )}
          </Form.List>
        </Card>
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} md={14}>
            <Card title={t('manual.shippingPayment')}>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item name="courier_name" label={t('columns.courier')} {...rules('courier_name')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="courier_service" label={t('manual.courierService')} {...rules('courier_service')}>
                    <Input />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="shipping_fee" label={t('manual.shippingFee')}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="discount" label={t('manual.orderDiscount')}>
                    <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="voucher_code"
                    label={t('manual.voucherCode')}
                    extra={
                      voucherApplied ? (
                        <span data-testid="voucher-applied">
                          {t('manual.voucherApplied', { code: voucherApplied.voucher_code, amount: formatMoney(voucherApplied.discount) })}
                        </span>
                      ) : (
                        t('manual.voucherHint')
                      )
                    }
                    {...(voucherIssue ? { validateStatus: 'error' as const, help: validationText(voucherIssue) } : {})}
                    {...rules('voucher_code')}
                  >
                    <Input data-testid="voucher-code" count={textLimit(50)} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="payment_status" label={t('columns.payment')}>
                    <Select options={PAYMENT_STATUSES.map((status) => ({ value: status, label: t(`payment.${status}`) }))} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item name="notes" label={t('detail.notes')} {...rules('notes')}>
                    <Input.TextArea rows={2} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} md={10}>
            <Card title={t('detail.amounts')}>
              <Descriptions column={1} size="small" data-testid="manual-totals">
                <Descriptions.Item label={t('amounts.subtotal')}>
                  <MoneyText value={totals.subtotal} />
                </Descriptions.Item>
                <Descriptions.Item label={t('manual.orderDiscount')}>
                  <MoneyText value={totals.discount ? -totals.discount : 0} />
                </Descriptions.Item>
                <Descriptions.Item label={t('manual.shippingFee')}>
                  <MoneyText value={totals.shipping} />
                </Descriptions.Item>
                {voucherApplied ? (
                  <Descriptions.Item label={`${t('amounts.voucher')} ${voucherApplied.voucher_code}`}>
                    <span data-testid="manual-voucher">
                      <MoneyText value={-totals.voucher} />
                    </span>
                  </Descriptions.Item>
                ) : null}
                <Descriptions.Item label={<strong>{t('columns.total')}</strong>}>
                  <strong data-testid="manual-total">
                    <MoneyText value={totals.total} />
                  </strong>
                </Descriptions.Item>
              </Descriptions>
              <Typography.Text type="secondary">{t('manual.totalsHint')}</Typography.Text>
            </Card>
          </Col>
        </Row>
        <Space style={{ marginTop: 16 }}>
          <Button onClick={() => void submit(false)} loading={saving && !confirming}>
            {t('manual.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => void submit(true)} loading={saving && confirming}>
            {t('manual.confirm')}
          </Button>
        </Space>
      </Form>
    </Flex>
  );
}
