import { App, Button, Card, Checkbox, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { INTEGRATIONS, type AddStoreResult, type IntegrationCode, type StoreForm } from '@kelola/contracts/channel-shops';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { isApiError } from '../../../../lib/api-error.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { useWarehouseOptions } from '../../../../lib/warehouses.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { startAuthorization, useAddStore } from '../../api/shops-api.ts';
import { AddStoreSuccess } from '../../components/add-store-success.tsx';
import { clearIntegration, returnPageUrl, saveIntegration } from '../../integration-storage.ts';

const NAMES: Record<IntegrationCode, string> = {
  shopee: 'Shopee',
  tiktok: 'TikTok Shop',
  tokopedia: 'Tokopedia',
  lazada: 'Lazada',
  blibli: 'Blibli',
  zalora: 'Zalora',
};
const KEYED = new Set<IntegrationCode>(['blibli', 'zalora']);
type Values = Omit<StoreForm, 'marketplace'>;

/**
 * /add-store: the store form of spec parts 3 and 5. Blibli and Zalora shops are added with their keys here; the
 * other marketplaces are connected through their authorization page. 202 opens the success modal; 409 shows
 * 'Toko ini sudah dikonfirmasi'; any other message is shown as given.
 */
export function AddStoreScreen() {
  const { t } = useTranslation('shops');
  const { message, notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initial = params.get('marketplace') as IntegrationCode | null;
  const [marketplace, setMarketplace] = useState<IntegrationCode>(initial && INTEGRATIONS.includes(initial) ? initial : 'blibli');
  const [form] = Form.useForm<Values>();
  const [success, setSuccess] = useState<AddStoreResult | null>(null);
  const warehouses = useWarehouseOptions(null, true);
  const add = useAddStore((result) => setSuccess(result));
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const required = { required: true, message: t('validation:REQUIRED', { ns: 'validation' }) };
  const keyed = KEYED.has(marketplace);
  const blibli = marketplace === 'blibli';

  const submit = (values: Values) =>
    add.mutate(
      { ...values, marketplace: marketplace as StoreForm['marketplace'], auto_confirm: Boolean(values.auto_confirm) },
      {
        onError: (error) => {
          if (isApiError(error) && error.status === 409) return void message.error(t('addStore.alreadyConfirmed'));
          if (!applyFieldErrors(form, error)) void message.error(errorText(error));
        },
      },
    );

  const authorize = async () => {
    try {
      saveIntegration(link('/integration'), marketplace);
      const { url } = await startAuthorization(marketplace, returnPageUrl(window.location.origin, marketplace));
      window.location.assign(url);
    } catch (error) {
      clearIntegration();
      notification.error({ title: t('integration.failedTitle'), description: errorText(error) });
    }
  };

  return (
    <WriteGuard menuKey="store-list" backTo="/store" ns="shops">
      <Space direction="vertical" size={16} style={{ width: '100%', maxWidth: 720 }}>
        <Typography.Title level={3}>{t('addStore.title')}</Typography.Title>
        <Card>
          <Form<Values>
            form={form}
            layout="vertical"
            onFinish={submit}
            initialValues={{ arrange_shipment: 'pickup', auto_confirm: false }}
            disabled={add.isPending}
          >
            <Form.Item label={t('addStore.marketplace')}>
              <Select
                aria-label={t('addStore.marketplace')}
                value={marketplace}
                onChange={(value: IntegrationCode) => setMarketplace(value)}
                options={INTEGRATIONS.map((code) => ({ value: code, label: NAMES[code] }))}
              />
            </Form.Item>
            {!keyed ? (
              <Space direction="vertical">
                <Typography.Text>{t('addStore.oauthHint', { name: NAMES[marketplace] })}</Typography.Text>
                <Button type="primary" onClick={() => void authorize()}>
                  {t('integration.connect')} {NAMES[marketplace]}
                </Button>
              </Space>
            ) : (
              <>
                <Form.Item name="name" label={t('addStore.fields.name')} rules={[required, { max: 120 }]}>
                  <Input />
                </Form.Item>
                <Form.Item
                  name="shop_id"
                  label={marketplace === 'zalora' ? t('addStore.fields.shopIdZalora') : t('addStore.fields.shopId')}
                  rules={[required, { max: 120 }]}
                >
                  <Input />
                </Form.Item>
                {blibli && (
                  <Form.Item name="client_id" label={t('addStore.fields.clientId')} rules={[required, { max: 200 }]}>
                    <Input />
                  </Form.Item>
                )}
                <Form.Item name="api_seller_key" label={t('addStore.fields.apiSellerKey')} rules={[required, { max: 500 }]}>
                  <Input.Password autoComplete="off" />
                </Form.Item>
                {blibli && (
                  <Form.Item name="client_secret" label={t('addStore.fields.clientSecret')} rules={[required, { max: 500 }]}>
                    <Input.Password autoComplete="off" />
                  </Form.Item>
                )}
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
                <Button type="primary" htmlType="submit" loading={add.isPending}>
                  {t('addStore.submit')}
                </Button>
              </>
            )}
          </Form>
        </Card>
      </Space>
      <AddStoreSuccess
        result={success}
        onClose={() => {
          setSuccess(null);
          void navigate(link('/store'));
        }}
        onMap={(storeId) => {
          setSuccess(null);
          void navigate(link(`/store?warehouses=${storeId}`));
        }}
      />
    </WriteGuard>
  );
}
