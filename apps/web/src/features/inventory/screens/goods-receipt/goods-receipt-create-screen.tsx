import '../../../../lib/dayjs-language.ts';
import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button, Col, DatePicker, Flex, Form, Input, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { GoodsReceiptInput, type GoodsReceipt } from '@kelola/contracts/inventory';
import { FormPage } from '../../../../components/form-page.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useCreateGoodsReceipt } from '../../api/document-api.ts';
import { DocumentReceiptLines, type ReceiptLineValues } from '../../components/document-receipt-lines.tsx';
import { requiredRule } from '../../components/document-rules.tsx';
import { DocumentWarehouseSelect } from '../../components/document-warehouse-select.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { textLimit } from '../../../../components/text-limit.ts';

export type ReceiptFormValues = {
  date: Dayjs;
  warehouse_id?: string;
  supplier_reference?: string;
  note?: string;
  lines: ReceiptLineValues[];
};

const LIST = '/inventory/goods-receipt';
const DATE_FORMAT = 'DD/MM/YYYY';
const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The request body of the form's values; `post` adds the stock at once. */
export function toReceiptInput(values: ReceiptFormValues, post: boolean): GoodsReceiptInput {
  return {
    date: values.date.format('YYYY-MM-DD'),
    warehouse_id: values.warehouse_id ?? '',
    supplier_reference: blankToNull(values.supplier_reference),
    note: blankToNull(values.note),
    lines: values.lines.map((line) => ({ catalog_id: line.catalog_id ?? '', quantity: Number(line.quantity) })),
    post,
  };
}

/** /inventory/goods-receipt/create: a receipt saved as a draft, or saved and posted at once (adds the stock). */
export function GoodsReceiptCreateScreen() {
  return (
    <WriteGuard menuKey="goods-receipt" backTo={LIST} ns="stock-documents">
      <GoodsReceiptForm />
    </WriteGuard>
  );
}

function GoodsReceiptForm() {
  const { t } = useTranslation('stock-documents');
  const { modal, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ReceiptFormValues>();
  // Which button sent the form: FormPage has one submit, the second button submits through it.
  const postRef = useRef(false);
  const create = useCreateGoodsReceipt();

  const initialValues: Partial<ReceiptFormValues> = { date: dayjs(), warehouse_id: params.get('warehouse_id') ?? undefined, lines: [{}] };

  const saveAndPost = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: t('receipt.saveAndPostTitle'),
      content: t('receipt.saveAndPostBody'),
      okText: t('actions.saveAndPost'),
      cancelText: t('actions.cancel'),
      onOk: () => {
        postRef.current = true;
        form.submit();
      },
    });
  };

  const submit = (values: ReceiptFormValues) => {
    const post = postRef.current;
    postRef.current = false;
    return create.mutateAsync(toReceiptInput(values, post));
  };

  const saved = (receipt: GoodsReceipt) => {
    notification.success({
      title: t(receipt.status === 'POSTED' ? 'receipt.savedPosted' : 'receipt.savedDraft', { number: receipt.number }),
      placement: 'topRight',
    });
    void navigate(withWorkspaceQuery(`${LIST}?id=${encodeURIComponent(receipt.id)}`, location.search));
  };

  return (
    <FormPage<ReceiptFormValues, GoodsReceipt>
      name="goods-receipt"
      title={t('receipt.createTitle')}
      description={t('receipt.createHint')}
      form={form}
      backTo={LIST}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={saved}
      submitText={t('actions.saveDraft')}
    >
      <Row gutter={16}>
        <Col xs={24} md={12} lg={8}>
          <Form.Item label={t('fields.number')} extra={t('fields.numberHint')}>
            <Input disabled placeholder={t('fields.numberAuto')} aria-label={t('fields.number')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="date" label={t('fields.date')} rules={[requiredRule()]} required>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="warehouse_id" label={t('fields.warehouse')} rules={[requiredRule()]} required>
            <DocumentWarehouseSelect data-testid="receipt-warehouse" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="supplier_reference" label={t('fields.supplierReference')} {...zodField(GoodsReceiptInput, 'supplier_reference')}>
            <Input count={textLimit(100)} placeholder={t('fields.supplierReferencePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Form.Item name="note" label={t('fields.note')} {...zodField(GoodsReceiptInput, 'note')}>
            <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('fields.lines')} required>
        <DocumentReceiptLines />
      </Form.Item>
      <Flex justify="flex-end">
        <Button icon={<CheckCircleOutlined />} onClick={() => void saveAndPost()} data-testid="save-and-post">
          {t('actions.saveAndPost')}
        </Button>
      </Flex>
    </FormPage>
  );
}
