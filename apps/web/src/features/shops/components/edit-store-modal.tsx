import { App, Button, Checkbox, Collapse, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Store, StoreData } from '@kelola/contracts/channel-shops';
import { textLimit } from '../../../components/text-limit.ts';
import { errorText } from '../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useWarehouseOptions } from '../../../lib/warehouses.ts';
import { useUpdateStoreData } from '../api/shops-api.ts';

type Props = { store: Store | null; onClose: () => void };

/**
 * A shop's data (spec part 7 PUT /integration/{channel_id}/data): its name, main warehouse, arrange shipment and
 * auto confirm; a Blibli or Zalora shop may also take new keys, which the server proves with the marketplace before
 * saving anything. Keys left empty are kept.
 */
export function EditStoreModal({ store, onClose }: Props) {
  const { t } = useTranslation('shops');
  const { message } = App.useApp();
  const [form] = Form.useForm<StoreData>();
  const warehouses = useWarehouseOptions(null, store !== null);
  const update = useUpdateStoreData(store?.id ?? '');
  const required = { required: true, message: t('validation:REQUIRED', { ns: 'validation' }) };
  const keyed = store?.marketplace === 'blibli' || store?.marketplace === 'zalora';
  const blibli = store?.marketplace === 'blibli';

  useEffect(() => {
    if (!store) return;
    form.setFieldsValue({
      name: store.name,
      ...(store.main_warehouse_id ? { main_warehouse_id: store.main_warehouse_id } : {}),
      arrange_shipment: store.arrange_shipment,
      auto_confirm: store.auto_confirm,
    });
  }, [store, form]);

  const submit = (values: StoreData) => {
    const keys = Object.fromEntries(
      (['client_id', 'api_seller_key', 'client_secret'] as const).filter((field) => values[field]).map((field) => [field, values[field]]),
    );
    update.mutate(
      {
        name: values.name,
        main_warehouse_id: values.main_warehouse_id,
        arrange_shipment: values.arrange_shipment,
        auto_confirm: Boolean(values.auto_confirm),
        ...keys,
      },
      {
        onSuccess: () => {
          void message.success(t('editStore.saved', { name: values.name }));
          onClose();
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error)) void message.error(errorText(error));
        },
      },
    );
  };

  return (
    <Modal
      open={store !== null}
      onCancel={onClose}
      title={t('editStore.title', { name: store?.name ?? '' })}
      footer={null}
      width={600}
      destroyOnHidden
    >
      <Form<StoreData> form={form} layout="vertical" onFinish={submit} disabled={update.isPending} preserve={false}>
        <Form.Item name="name" label={t('addStore.fields.name')} rules={[required, { max: 120 }]}>
          <Input count={textLimit(120)} />
        </Form.Item>
        <Form.Item name="main_warehouse_id" label={t('addStore.fields.mainWarehouse')} rules={[required]}>
          <Select options={warehouses.options} loading={warehouses.isFetching} aria-label={t('addStore.fields.mainWarehouse')} />
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
        {keyed && (
          <Collapse
            size="small"
            style={{ marginBottom: 16 }}
            items={[
              {
                key: 'keys',
                label: t('editStore.keysTitle'),
                forceRender: true,
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('editStore.keysHint')}</Typography.Paragraph>
                    {blibli && (
                      <Form.Item name="client_id" label={t('addStore.fields.clientId')} rules={[{ max: 200 }]}>
                        <Input count={textLimit(200)} autoComplete="off" />
                      </Form.Item>
                    )}
                    <Form.Item name="api_seller_key" label={t('addStore.fields.apiSellerKey')} rules={[{ max: 500 }]}>
                      <Input.Password autoComplete="off" />
                    </Form.Item>
                    {blibli && (
                      <Form.Item name="client_secret" label={t('addStore.fields.clientSecret')} rules={[{ max: 500 }]}>
                        <Input.Password autoComplete="off" />
                      </Form.Item>
                    )}
                  </>
                ),
              },
            ]}
          />
        )}
        <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('editStore.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t('editStore.save')}
          </Button>
        </Space>
      </Form>
    </Modal>
  );
}
