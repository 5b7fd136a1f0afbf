import { App, Button, Card, Checkbox, Empty, Form, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ConfirmStoreBody, Store } from '@kelola/contracts/channel-shops';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { isApiError } from '../../../../lib/api-error.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { useWarehouseOptions } from '../../../../lib/warehouses.ts';
import { useConfirmStore, useStores } from '../../api/shops-api.ts';

/** One shop waiting for confirmation, with its main warehouse and shipping settings. */
function ConfirmCard({ store }: { store: Store }) {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const [form] = Form.useForm<ConfirmStoreBody>();
  const warehouses = useWarehouseOptions(null, true);
  const confirm = useConfirmStore(() => void message.success(t('adminStore.confirmed', { name: store.name })));
  const required = { required: true, message: t('validation:REQUIRED', { ns: 'validation' }) };
  return (
    <Card
      title={store.name}
      extra={<Typography.Text type="secondary">{store.shop_id}</Typography.Text>}
      data-testid={`confirm-${store.id}`}
    >
      <Form<ConfirmStoreBody>
        form={form}
        layout="inline"
        initialValues={{ arrange_shipment: 'pickup', auto_confirm: false }}
        onFinish={(values) =>
          confirm.mutate(
            { storeId: store.id, body: { ...values, auto_confirm: Boolean(values.auto_confirm) } },
            {
              onError: (error) => {
                if (isApiError(error) && error.status === 409) return void message.error(t('addStore.alreadyConfirmed'));
                if (!applyFieldErrors(form, error)) void message.error(errorText(error));
              },
            },
          )
        }
      >
        <Form.Item name="main_warehouse_id" label={t('addStore.fields.mainWarehouse')} rules={[required]}>
          <Select style={{ width: 220 }} options={warehouses.options} aria-label={`${t('addStore.fields.mainWarehouse')} ${store.name}`} />
        </Form.Item>
        <Form.Item name="arrange_shipment" label={t('addStore.fields.arrangeShipment')} rules={[required]}>
          <Radio.Group
            options={[
              { value: 'pickup', label: t('addStore.shipment.pickup') },
              { value: 'dropoff', label: t('addStore.shipment.dropoff') },
            ]}
          />
        </Form.Item>
        <Form.Item name="auto_confirm" valuePropName="checked">
          <Checkbox>{t('addStore.fields.autoConfirm')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={confirm.isPending}>
          {t('adminStore.confirm')}
        </Button>
      </Form>
    </Card>
  );
}

/** /admin-store: confirms newly connected shops (spec POST …/cmd/{channelId}/confirm). */
export function AdminStoreScreen() {
  const { t } = useTranslation('shops');
  const pending = useStores({ confirmed: 'false' });
  const items = pending.data?.items ?? [];
  return (
    <WriteGuard menuKey="store-list" backTo="/store" ns="shops">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Title level={3}>{t('adminStore.title')}</Typography.Title>
        <Typography.Text type="secondary">{t('adminStore.intro')}</Typography.Text>
        {items.length === 0 && !pending.isFetching ? <Empty description={t('adminStore.empty')} /> : null}
        {items.map((store) => (
          <ConfirmCard key={store.id} store={store} />
        ))}
      </Space>
    </WriteGuard>
  );
}
