import type { FulfillmentKind, FulfillmentUpdateInput } from '@kelola/contracts/fulfillment';
import { Alert, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { FormPage } from '../../../components/form-page.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { useWarehouseOptions } from '../../../lib/warehouses.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useFulfillment, useFulfillmentWrite } from '../api/fulfillment-api.ts';
import { textLimit } from '../../../components/text-limit.ts';

type Values = {
  warehouse_id?: string;
  courier_name?: string;
  courier_service?: string;
  receipt_number?: string;
  dropshipper?: boolean;
  dropshipper_name?: string;
  dropshipper_phone?: string;
  name?: string;
  phone?: string;
  address?: string;
  postal_code?: string;
};

const text = (v: string | undefined | null) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** The form's values as the update call's body (empty means cleared). */
export function toUpdateInput(values: Values): FulfillmentUpdateInput {
  return {
    ...(values.warehouse_id ? { warehouse_id: values.warehouse_id } : {}),
    courier_name: text(values.courier_name),
    courier_service: text(values.courier_service),
    receipt_number: text(values.receipt_number),
    dropshipper: Boolean(values.dropshipper),
    dropshipper_name: values.dropshipper ? text(values.dropshipper_name) : null,
    dropshipper_phone: values.dropshipper ? text(values.dropshipper_phone) : null,
    shipping_address: {
      name: text(values.name),
      phone: text(values.phone),
      address: text(values.address),
      postal_code: text(values.postal_code),
    },
  };
}

/**
 * /fulfillment/detail/update-order?id= (and /delivery-order/…): warehouse (its stock reservation moves with it),
 * courier and service, receipt number, dropshipper and address, until the goods are issued.
 */
export function UpdateOrderScreen({ kind }: { kind: FulfillmentKind }) {
  const { t } = useTranslation('fulfillment');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const location = useLocation();
  const [form] = Form.useForm<Values>();
  const detail = useFulfillment(kind, id || null);
  const write = useFulfillmentWrite(kind);
  const warehouses = useWarehouseOptions(null, true);
  const order = detail.data;
  const dropshipper = Form.useWatch('dropshipper', form);
  const detailPath = `/${kind}/detail?id=${encodeURIComponent(id)}`;

  return (
    <FormPage<Values, unknown>
      name="update-order"
      title={t('update.title', { number: order?.order_number ?? '' })}
      form={form}
      backTo={detailPath}
      loading={detail.isLoading}
      loadError={detail.error}
      onRetry={() => void detail.refetch()}
      initialValues={
        order
          ? {
              warehouse_id: order.warehouse_id ?? undefined,
              courier_name: order.courier_name ?? '',
              courier_service: order.courier_service ?? '',
              receipt_number: order.receipt_number ?? '',
              dropshipper: order.dropshipper,
              dropshipper_name: order.dropshipper_name ?? '',
              dropshipper_phone: order.dropshipper_phone ?? '',
              name: order.shipping_address.name ?? '',
              phone: order.shipping_address.phone ?? '',
              address: order.shipping_address.address ?? '',
              postal_code: order.shipping_address.postal_code ?? '',
            }
          : undefined
      }
      onSubmit={(values) => write.mutateAsync({ id, write: { kind: 'update', input: toUpdateInput(values) } })}
      onSaved={() => {
        notifySuccess(t('update.saved'));
        void navigate(withWorkspaceQuery(detailPath, location.search));
      }}
      submitText={t('update.save')}
    >
      {order && !order.fulfillment.editable && <Alert type="warning" showIcon message={t('update.locked')} style={{ marginBottom: 16 }} />}
      <Form.Item name="warehouse_id" label={t('update.warehouse')}>
        <Select
          data-testid="update-warehouse"
          options={warehouses.options}
          loading={warehouses.isFetching}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item name="courier_name" label={t('update.courier')}>
        <Input count={textLimit(100)} />
      </Form.Item>
      <Form.Item name="courier_service" label={t('update.service')}>
        <Input count={textLimit(100)} />
      </Form.Item>
      <Form.Item name="receipt_number" label={t('update.receipt')}>
        <Input count={textLimit(100)} data-testid="update-receipt" />
      </Form.Item>
      <Form.Item name="dropshipper" label={t('update.dropshipper')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {dropshipper && (
        <>
          <Form.Item
            name="dropshipper_name"
            label={t('update.dropshipperName')}
            rules={[{ required: true, message: t('validation:REQUIRED') }]}
          >
            <Input count={textLimit(100)} />
          </Form.Item>
          <Form.Item name="dropshipper_phone" label={t('update.dropshipperPhone')}>
            <Input count={textLimit(20)} />
          </Form.Item>
        </>
      )}
      <Form.Item name="name" label={t('update.recipient')}>
        <Input count={textLimit(100)} />
      </Form.Item>
      <Form.Item name="phone" label={t('update.phone')}>
        <Input count={textLimit(20)} />
      </Form.Item>
      <Form.Item name="address" label={t('update.address')}>
        <Input.TextArea rows={3} count={textLimit(500)} />
      </Form.Item>
      <Form.Item name="postal_code" label={t('update.postalCode')}>
        <Input count={textLimit(5)} />
      </Form.Item>
    </FormPage>
  );
}

export const FulfillmentUpdateOrder = () => <UpdateOrderScreen kind="fulfillment" />;
export const DeliveryOrderUpdateOrder = () => <UpdateOrderScreen kind="delivery-order" />;
