import '../../../lib/dayjs-language.ts';
import { PurchaseOrderReceiveInput, type PurchaseOrder } from '@kelola/contracts/purchasing';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { textLimit } from '../../../components/text-limit.ts';
import { zodField } from '../../../components/zod-rules.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { usePurchaseOrderAction, type PurchaseOrderLine } from '../api/purchasing-api.ts';
import { requiredRule } from './purchasing-rules.ts';

type ReceiveFormValues = { date?: Dayjs; supplier_reference?: string; lines?: { quantity?: number | null }[] };

const DATE_FORMAT = 'DD/MM/YYYY';

/** What a line still waits for. */
export const remainingOf = (line: PurchaseOrderLine) => Math.max(0, line.quantity - line.received_quantity);

/** The lines a delivery can still bring, in the order's order: the form's `lines.<i>` and the body's are the same line. */
export const openLinesOf = (order: PurchaseOrder) => order.lines.filter((line) => remainingOf(line) > 0);

/** The request body: one entry per open line (0 for a line not in this delivery). */
export function toReceiveInput(order: PurchaseOrder, values: ReceiveFormValues): PurchaseOrderReceiveInput {
  const reference = values.supplier_reference?.trim();
  return {
    date: (values.date ?? dayjs()).format('YYYY-MM-DD'),
    supplier_reference: reference ? reference : null,
    lines: openLinesOf(order).map((line, index) => ({ line_id: line.id, quantity: Number(values.lines?.[index]?.quantity ?? 0) })),
  };
}

type Props = {
  /** The order to receive for; the dialog is open while set. */
  order: PurchaseOrder | null;
  onClose: () => void;
};

/**
 * "Terima Barang": a delivery from the supplier, a quantity per open line (at first what the line still waits for, at
 * most that), the date (today) and the supplier's delivery note number. Posting it adds the stock through a goods
 * receipt; the server's line errors (OVER_RECEIVED on `lines.<i>.quantity`, NOTHING_RECEIVED on `lines`) show on the
 * matching fields.
 */
export function ReceiveModal({ order, onClose }: Props) {
  const { t } = useTranslation('purchasing');
  const [form] = Form.useForm<ReceiveFormValues>();
  const receive = usePurchaseOrderAction({
    onSuccess: () => {
      notifySuccess(t('receive.done'));
      onClose();
    },
  });
  const openLines = order ? openLinesOf(order) : [];

  useEffect(() => {
    if (!order) return;
    form.resetFields();
    form.setFieldsValue({ date: dayjs(), lines: openLinesOf(order).map((line) => ({ quantity: remainingOf(line) })) });
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    receive.mutate(
      { kind: 'receive', id: order.id, body: toReceiveInput(order, form.getFieldsValue(true) as ReceiveFormValues) },
      { onError: (error) => applyFieldErrors(form, error) || notifyHttpError(error) },
    );
  };

  return (
    <Modal
      open={order !== null}
      title={order ? t('receive.title', { number: order.number }) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('receive.submit')}
      cancelText={t('actions.cancel')}
      confirmLoading={receive.isPending}
      width={820}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('receive.hint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="receive" data-testid="receive-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="date" label={t('receive.date')} rules={[requiredRule()]} required>
              <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="supplier_reference"
              label={t('receive.supplierReference')}
              {...zodField(PurchaseOrderReceiveInput, 'supplier_reference')}
            >
              <Input count={textLimit(100)} placeholder={t('receive.supplierReferencePlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.List
          name="lines"
          rules={[
            {
              validator: async (_rule, value: { quantity?: number | null }[] | undefined) => {
                if (!(value ?? []).some((line) => Number(line?.quantity ?? 0) > 0)) throw new Error(t('receive.nothing'));
              },
            },
          ]}
        >
          {(fields, _operations, { errors }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                scroll={{ x: 'max-content' }}
                data-testid="receive-lines"
                columns={[
                  { title: t('lines.sku'), key: 'sku', render: (_v, field) => openLines[field.name]?.sku },
                  { title: t('lines.name'), key: 'name', render: (_v, field) => openLines[field.name]?.name },
                  { title: t('lines.ordered'), key: 'ordered', align: 'right', render: (_v, field) => openLines[field.name]?.quantity },
                  {
                    title: t('lines.received'),
                    key: 'received',
                    align: 'right',
                    render: (_v, field) => openLines[field.name]?.received_quantity,
                  },
                  {
                    title: t('receive.quantity'),
                    key: 'quantity',
                    render: (_v, field) => {
                      const line = openLines[field.name];
                      const max = line ? remainingOf(line) : 0;
                      return (
                        <Form.Item
                          name={[field.name, 'quantity']}
                          style={{ margin: 0 }}
                          rules={[
                            {
                              validator: async (_rule, value: unknown) => {
                                if (value === undefined || value === null || value === '') return;
                                if (!Number.isInteger(value) || (value as number) < 0 || (value as number) > max)
                                  throw new Error(t('receive.quantityInvalid', { max }));
                              },
                            },
                          ]}
                        >
                          <InputNumber
                            min={0}
                            max={max}
                            precision={0}
                            style={{ width: 120 }}
                            aria-label={t('receive.quantityOf', { sku: line?.sku ?? '' })}
                          />
                        </Form.Item>
                      );
                    },
                  },
                ]}
              />
              <Form.ErrorList errors={errors} />
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
