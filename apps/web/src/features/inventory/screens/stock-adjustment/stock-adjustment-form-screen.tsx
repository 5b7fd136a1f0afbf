import '../../../../lib/dayjs-language.ts';
import { CheckCircleOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, DatePicker, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { ADJUSTMENT_TYPES, AdjustmentInput, type Adjustment } from '@kelola/contracts/inventory';
import { DetailPage } from '../../../../components/detail-page.tsx';
import { FormPage } from '../../../../components/form-page.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { zodField } from '../../../../components/zod-rules.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useAdjustment, useCreateAdjustment, usePostAdjustment, useUpdateAdjustment } from '../../api/document-api.ts';
import { DocumentAdjustmentItems, type AdjustmentItemValues, type SavedItems } from '../../components/document-adjustment-items.tsx';
import { requiredRule } from '../../components/document-rules.tsx';
import { DocumentWarehouseSelect } from '../../components/document-warehouse-select.tsx';
import { StockAdjustmentView } from './stock-adjustment-view.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { textLimit } from '../../../../components/text-limit.ts';

export type AdjustmentFormValues = {
  date: Dayjs;
  warehouse_id?: string;
  type?: Adjustment['type'];
  note?: string;
  items: AdjustmentItemValues[];
};

const LIST = '/inventory/stock-adjustment';
const FORM = '/inventory/stock-adjustment/create';
const DATE_FORMAT = 'DD/MM/YYYY';

/** The request body of the form's values. */
export function toAdjustmentInput(values: AdjustmentFormValues): AdjustmentInput {
  return {
    date: values.date.format('YYYY-MM-DD'),
    warehouse_id: values.warehouse_id ?? '',
    type: values.type ?? 'OTHER',
    note: values.note?.trim() ? values.note.trim() : null,
    items: (values.items ?? []).map((item) => ({ catalog_id: item.catalog_id ?? '', change: Number(item.change) })),
  };
}

const fromAdjustment = (adjustment: Adjustment): AdjustmentFormValues => ({
  date: dayjs(adjustment.date),
  warehouse_id: adjustment.warehouse_id,
  type: adjustment.type,
  note: adjustment.note ?? undefined,
  items: adjustment.items.map((item) => ({ catalog_id: item.catalog_id, change: item.change })),
});

/**
 * /inventory/stock-adjustment/create: a new draft adjustment; with `?id=` the adjustment itself, editable (PUT) while
 * it is a draft and the user may write, read-only once posted.
 */
export function StockAdjustmentFormScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id)
    return (
      <WriteGuard menuKey="stock-adjustment" backTo={LIST} ns="stock-documents">
        <AdjustmentForm />
      </WriteGuard>
    );
  return <ExistingAdjustment key={id} id={id} />;
}

function ExistingAdjustment({ id }: { id: string }) {
  const { t } = useTranslation('stock-documents');
  const adjustment = useAdjustment(id);
  const canWrite = useCan('stock-adjustment', 'WRITE');
  const data = adjustment.data;
  if (!data) {
    return (
      <DetailPage
        title={t('adjustment.title')}
        backTo={LIST}
        loading={adjustment.isLoading}
        error={adjustment.error}
        onRetry={() => void adjustment.refetch()}
      />
    );
  }
  if (data.status === 'POSTED' || !canWrite) return <StockAdjustmentView adjustment={data} />;
  return <AdjustmentForm saved={data} />;
}

function AdjustmentForm({ saved }: { saved?: Adjustment }) {
  const { t } = useTranslation('stock-documents');
  const { modal, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<AdjustmentFormValues>();
  const [posting, setPosting] = useState(false);
  const create = useCreateAdjustment();
  const update = useUpdateAdjustment(saved?.id ?? '');
  const post = usePostAdjustment();

  const initialValues: Partial<AdjustmentFormValues> = saved
    ? fromAdjustment(saved)
    : { date: dayjs(), warehouse_id: params.get('warehouse_id') ?? undefined, items: [{}] };
  const savedItems: SavedItems | undefined = saved && {
    warehouseId: saved.warehouse_id,
    labels: Object.fromEntries(saved.items.map((item) => [item.catalog_id, `${item.sku} — ${item.name}`])),
    available: Object.fromEntries(saved.items.map((item) => [item.catalog_id, item.stock_available])),
  };

  const submit = (values: AdjustmentFormValues) =>
    saved ? update.mutateAsync(toAdjustmentInput(values)) : create.mutateAsync(toAdjustmentInput(values));

  const open = (adjustment: Adjustment) =>
    void navigate(withWorkspaceQuery(`${FORM}?id=${encodeURIComponent(adjustment.id)}`, location.search), { replace: true });

  const onSaved = (adjustment: Adjustment) => {
    notification.success({ title: t('adjustment.saved', { number: adjustment.number }), placement: 'topRight' });
    if (!saved) open(adjustment);
  };

  // Posting writes what is on screen: unsaved edits are saved first (their field errors land on the fields).
  const postDraft = async () => {
    if (!saved) return;
    let values: AdjustmentFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    modal.confirm({
      title: t('adjustment.postTitle', { number: saved.number }),
      content: t('adjustment.postBody'),
      okText: t('actions.post'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        setPosting(true);
        try {
          const input = toAdjustmentInput(values);
          if (JSON.stringify(input) !== JSON.stringify(toAdjustmentInput(fromAdjustment(saved)))) await update.mutateAsync(input);
          const posted = await post.mutateAsync(saved.id);
          notification.success({ title: t('adjustment.posted', { number: posted.number }), placement: 'topRight' });
        } catch (error) {
          if (!applyFieldErrors(form, error))
            notification.error({ title: t('adjustment.postFailed'), description: errorText(error), placement: 'topRight' });
        } finally {
          setPosting(false);
        }
      },
    });
  };

  return (
    <FormPage<AdjustmentFormValues, Adjustment>
      name="stock-adjustment"
      title={saved ? t('adjustment.detailTitle', { number: saved.number }) : t('adjustment.createTitle')}
      description={saved ? undefined : t('adjustment.createHint')}
      form={form}
      backTo={LIST}
      initialValues={initialValues}
      onSubmit={submit}
      onSaved={onSaved}
      submitText={t('actions.saveDraft')}
    >
      {saved && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('adjustment.draftHint')}
          action={
            <Button
              type="primary"
              icon={<CheckCircleOutlined />}
              loading={posting}
              onClick={() => void postDraft()}
              data-testid="post-adjustment"
            >
              {t('actions.post')}
            </Button>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} md={12} lg={8}>
          <Form.Item label={t('fields.number')} extra={saved ? undefined : t('fields.numberHint')}>
            <Input disabled value={saved?.number} placeholder={t('fields.numberAuto')} aria-label={t('fields.number')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="date" label={t('fields.date')} rules={[requiredRule()]} required>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="type" label={t('fields.type')} rules={[requiredRule()]} required>
            <Select
              data-testid="adjustment-type"
              placeholder={t('fields.typePlaceholder')}
              options={ADJUSTMENT_TYPES.map((type) => ({ value: type, label: t(`adjustmentType.${type}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12} lg={8}>
          <Form.Item name="warehouse_id" label={t('fields.warehouse')} rules={[requiredRule()]} required>
            <DocumentWarehouseSelect data-testid="adjustment-warehouse" selectedLabel={saved?.warehouse_name} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={16}>
          <Form.Item name="note" label={t('fields.note')} {...zodField(AdjustmentInput, 'note')}>
            <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('fields.items')} required>
        <DocumentAdjustmentItems saved={savedItems} />
      </Form.Item>
    </FormPage>
  );
}
