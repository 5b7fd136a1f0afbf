import '../../../lib/dayjs-language.ts';
import { Alert, Col, DatePicker, Form, Input, Modal, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveAreaPrice, type AreaPrice } from '../api/area-price-api.ts';
import { AreaPicker, areaLevels, deepestArea, type AreaPickerValues } from './area-picker.tsx';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Values = AreaPickerValues & {
  customer_type: string;
  price: number | null;
  effective_from: Dayjs | null;
  effective_until: Dayjs | null;
};

const DAY = 'YYYY-MM-DD';

type Props = { open: boolean; catalogId: string; editing: AreaPrice | null; onClose: () => void; onSaved: (saved: AreaPrice) => void };

/** Adds or edits one area price of a SKU; an overlap (409 AREA_PRICE_OVERLAP) is shown on the dates. */
export function AreaPriceModal({ open, catalogId, editing, onClose, onSaved }: Props) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveAreaPrice(catalogId);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        ...areaLevels(editing.area_code),
        customer_type: editing.customer_type,
        price: editing.price,
        effective_from: dayjs(editing.effective_from),
        effective_until: editing.effective_until ? dayjs(editing.effective_until) : null,
      });
    else form.setFieldsValue({ effective_from: dayjs() });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await form.validateFields();
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        id: editing?.id,
        input: {
          area_code: deepestArea(values),
          customer_type: values.customer_type.trim().toUpperCase(),
          price: values.price ?? 0,
          effective_from: values.effective_from!.format(DAY),
          effective_until: values.effective_until ? values.effective_until.format(DAY) : null,
        },
      });
      onSaved(saved);
    } catch (error) {
      setFailure(error);
      if (isApiError(error) && error.code === 'AREA_PRICE_OVERLAP') {
        form.setFields([{ name: 'effective_from', errors: [t('areaPrice.overlapField')] }]);
      } else applyFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open={open}
      title={t(editing ? 'areaPrice.editTitle' : 'areaPrice.addTitle')}
      okText={t('save')}
      cancelText={t('cancel')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={save.isPending}
      width={720}
      destroyOnHidden
    >
      <Form<Values> form={form} layout="vertical" name="area-price">
        {failure !== null && (
          <Alert type="error" showIcon title={errorText(failure)} style={{ marginBottom: 16 }} data-testid="area-price-error" />
        )}
        <Row gutter={12}>
          <AreaPicker form={form} />
          <Col xs={24} md={12}>
            <Form.Item
              name="customer_type"
              label={t('areaPrice.customerType')}
              extra={t('areaPrice.customerTypeHint')}
              required
              rules={[
                { required: true, whitespace: true, message: t('areaPrice.required') },
                { max: 30, message: t('areaPrice.tooLong') },
                { pattern: /^[A-Za-z0-9_]+$/u, message: t('areaPrice.customerTypeFormat') },
              ]}
              normalize={(value: string) => value?.toUpperCase()}
            >
              <Input placeholder="RESELLER" count={textLimit(30)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="price"
              label={t('areaPrice.price')}
              required
              rules={[{ required: true, message: t('areaPrice.required') }, moneyRule]}
            >
              <MoneyInput placeholder="85.000" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="effective_from"
              label={t('areaPrice.from')}
              required
              rules={[{ required: true, message: t('areaPrice.required') }]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="effective_until"
              label={t('areaPrice.until')}
              extra={t('areaPrice.untilHint')}
              dependencies={['effective_from']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: Dayjs | null) => {
                    const from = getFieldValue('effective_from') as Dayjs | null;
                    if (value && from && value.isBefore(from, 'day')) throw new Error(t('areaPrice.dateRange'));
                  },
                }),
              ]}
            >
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
