import { SupplierInput, type Supplier } from '@kelola/contracts/purchasing';
import { Col, Form, Input, InputNumber, Modal, Row } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { textLimit } from '../../../components/text-limit.ts';
import { zodField } from '../../../components/zod-rules.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { useSupplierMutation } from '../api/purchasing-api.ts';
import { numberRule } from './purchasing-rules.ts';

export type SupplierFormValues = {
  name?: string;
  code?: string;
  contact_name?: string;
  phone?: string;
  email?: string;
  npwp?: string;
  address?: string;
  payment_term_days?: number | null;
  notes?: string;
};

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The request body of the form's values: empty texts are null, an empty term is cash (0 days). */
export function toSupplierInput(values: SupplierFormValues): SupplierInput {
  return {
    name: values.name?.trim() ?? '',
    code: blankToNull(values.code),
    contact_name: blankToNull(values.contact_name),
    phone: blankToNull(values.phone),
    email: blankToNull(values.email),
    npwp: blankToNull(values.npwp),
    address: blankToNull(values.address),
    payment_term_days: values.payment_term_days ?? 0,
    notes: blankToNull(values.notes),
  };
}

const valuesOf = (supplier: Supplier | 'new'): SupplierFormValues =>
  supplier === 'new'
    ? { payment_term_days: 0 }
    : {
        name: supplier.name,
        code: supplier.code ?? undefined,
        contact_name: supplier.contact_name ?? undefined,
        phone: supplier.phone ?? undefined,
        email: supplier.email ?? undefined,
        npwp: supplier.npwp ?? undefined,
        address: supplier.address ?? undefined,
        payment_term_days: supplier.payment_term_days,
        notes: supplier.notes ?? undefined,
      };

const rules = (name: keyof SupplierInput) => zodField(SupplierInput, name);

type Props = {
  /** The supplier being edited, 'new' to add one, null when closed. */
  supplier: Supplier | 'new' | null;
  onClose: () => void;
};

/**
 * Add or edit a supplier in a dialog: each field checked by the contract's rules before sending, the server's field
 * errors (SUPPLIER_CODE_TAKEN on `code` …) shown on their fields, any other failure as a notice.
 */
export function SupplierFormModal({ supplier, onClose }: Props) {
  const { t } = useTranslation('purchasing');
  const [form] = Form.useForm<SupplierFormValues>();
  const mutation = useSupplierMutation({
    onSuccess: () => {
      notifySuccess(t('supplier.saved'));
      onClose();
    },
  });

  useEffect(() => {
    if (supplier === null) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(supplier));
  }, [supplier, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    mutation.mutate(
      { id: supplier === 'new' || supplier === null ? null : supplier.id, body: toSupplierInput(values) },
      { onError: (error) => applyFieldErrors(form, error) || notifyHttpError(error) },
    );
  };

  return (
    <Modal
      open={supplier !== null}
      title={supplier === 'new' ? t('supplier.add') : t('supplier.edit')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={mutation.isPending}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" name="supplier" data-testid="supplier-form">
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('supplier.fields.name')} {...rules('name')}>
              <Input count={textLimit(150)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('supplier.fields.code')} extra={t('supplier.fields.codeHint')} {...rules('code')}>
              <Input count={textLimit(50)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contact_name" label={t('supplier.fields.contactName')} {...rules('contact_name')}>
              <Input count={textLimit(150)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={t('supplier.fields.phone')} {...rules('phone')}>
              <Input inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={t('supplier.fields.email')} {...rules('email')}>
              <Input inputMode="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="npwp" label={t('supplier.fields.npwp')} extra={t('supplier.fields.npwpHint')} {...rules('npwp')}>
              <Input inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="payment_term_days"
              label={t('supplier.fields.paymentTerm')}
              extra={t('supplier.fields.paymentTermHint')}
              rules={[numberRule(SupplierInput.shape.payment_term_days, t('supplier.fields.paymentTermInvalid'), { optional: true })]}
            >
              <InputNumber min={0} max={365} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="address" label={t('supplier.fields.address')} {...rules('address')}>
              <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="notes" label={t('supplier.fields.notes')} {...rules('notes')}>
              <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 2, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
