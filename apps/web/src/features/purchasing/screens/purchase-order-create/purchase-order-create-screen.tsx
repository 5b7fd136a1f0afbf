import '../../../../lib/dayjs-language.ts';
import { PurchaseOrderInput, type PurchaseOrder } from '@kelola/contracts/purchasing';
import { Col, DatePicker, Form, Input, Row, Select, type FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { useCan } from '../../../../components/use-can.ts';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { zodField } from '../../../../components/zod-rules.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { useWarehouseOptions } from '../../../../lib/warehouses.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useCreatePurchaseOrder, useSupplierOptions } from '../../api/purchasing-api.ts';
import { PurchaseOrderLines, type PurchaseLineValues } from '../../components/purchase-order-lines.tsx';
import { requiredRule } from '../../components/purchasing-rules.ts';

export type PurchaseOrderFormValues = {
  supplier_id?: string;
  warehouse_id?: string;
  order_date?: Dayjs;
  expected_date?: Dayjs | null;
  notes?: string;
  lines?: PurchaseLineValues[];
};

const LIST = '/purchase-order/list';
const DATE_FORMAT = 'DD/MM/YYYY';
const ISO = 'YYYY-MM-DD';

/** The request body of the form's values. */
export function toPurchaseOrderInput(values: PurchaseOrderFormValues): PurchaseOrderInput {
  const notes = values.notes?.trim();
  return {
    supplier_id: values.supplier_id ?? '',
    warehouse_id: values.warehouse_id ?? '',
    order_date: (values.order_date ?? dayjs()).format(ISO),
    expected_date: values.expected_date ? values.expected_date.format(ISO) : null,
    notes: notes ? notes : null,
    lines: (values.lines ?? []).map((line) => ({
      catalog_id: line.catalog_id ?? '',
      quantity: Number(line.quantity),
      unit_cost: Number(line.unit_cost),
    })),
  };
}

/** /purchase-order/create: a purchase order to a supplier for one warehouse; saved, it opens in the list's drawer. */
export function PurchaseOrderCreateScreen() {
  return (
    <WriteGuard menuKey="purchase-order" backTo={LIST} ns="purchasing">
      <PurchaseOrderForm />
    </WriteGuard>
  );
}

function PurchaseOrderForm() {
  const { t } = useTranslation('purchasing');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<PurchaseOrderFormValues>();
  const create = useCreatePurchaseOrder();
  // GET /api/suppliers needs READ on `supplier`.
  const canListSuppliers = useCan('supplier', 'READ');
  const suppliers = useSupplierOptions(canListSuppliers);
  const warehouses = useWarehouseOptions(params.get('business_id'), useCan('warehouse', 'READ'));
  const orderDate = Form.useWatch('order_date', form);

  const initialValues: PurchaseOrderFormValues = {
    order_date: dayjs(),
    warehouse_id: params.get('warehouse_id') ?? undefined,
    lines: [{ quantity: 1 }],
  };

  /** The expected date is not before the order date (EXPECTED_BEFORE_ORDER on the server). */
  const expectedRule: FormRule = ({ getFieldValue }) => ({
    validator: async (_rule, value: Dayjs | null | undefined) => {
      const ordered = getFieldValue('order_date') as Dayjs | undefined;
      if (value && ordered && value.isBefore(ordered, 'day')) throw new Error(t('form.expectedBeforeOrder'));
    },
  });

  const saved = (order: PurchaseOrder) => {
    notifySuccess(t('order.created', { number: order.number }));
    void navigate(withWorkspaceQuery(`${LIST}?id=${encodeURIComponent(order.id)}`, location.search));
  };

  return (
    <FormPage<PurchaseOrderFormValues, PurchaseOrder>
      name="purchase-order"
      title={t('order.createTitle')}
      description={t('order.createHint')}
      form={form}
      backTo={LIST}
      initialValues={initialValues}
      onSubmit={(values) => create.mutateAsync(toPurchaseOrderInput(values))}
      onSaved={saved}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="supplier_id"
            label={t('form.supplier')}
            rules={[requiredRule()]}
            required
            extra={<Link to={withWorkspaceQuery('/supplier/list', location.search)}>{t('form.addSupplier')}</Link>}
          >
            <Select
              data-testid="po-supplier"
              aria-label={t('form.supplier')}
              placeholder={t('form.supplierPlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={suppliers.isFetching}
              options={suppliers.options}
              notFoundContent={
                suppliers.isError ? t('form.suppliersFailed') : canListSuppliers ? t('form.noSuppliers') : t('form.noSupplierAccess')
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="warehouse_id" label={t('form.warehouse')} rules={[requiredRule()]} required>
            <Select
              data-testid="po-warehouse"
              aria-label={t('form.warehouse')}
              placeholder={t('form.warehousePlaceholder')}
              showSearch={{ optionFilterProp: 'label' }}
              loading={warehouses.isFetching}
              options={warehouses.options}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="order_date" label={t('form.orderDate')} rules={[requiredRule()]} required>
            <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="expected_date"
            label={t('form.expectedDate')}
            extra={t('form.expectedDateHint')}
            dependencies={['order_date']}
            rules={[expectedRule]}
          >
            <DatePicker
              format={DATE_FORMAT}
              style={{ width: '100%' }}
              disabledDate={(day) => Boolean(orderDate && day.isBefore(orderDate, 'day'))}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="notes" label={t('form.notes')} {...zodField(PurchaseOrderInput, 'notes')}>
            <Input.TextArea count={textLimit(500)} autoSize={{ minRows: 1, maxRows: 4 }} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={t('form.lines')} required>
        <PurchaseOrderLines />
      </Form.Item>
    </FormPage>
  );
}
