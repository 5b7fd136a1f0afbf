import type { PublishBatch } from '@kelola/contracts/channel-publish';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { useShop } from '../../api/channel-products-api.ts';
import { useMasterProduct, useMasterProducts, usePublish, usePublishBatch } from '../../api/publish-api.ts';
import { PublishProgress } from '../../components/publish-progress.tsx';
import { initialChoices, PublishFormFields, targetOfPath, toPublishChoice } from './publish-form-fields.tsx';

/**
 * /product-channel/:id/create-product-{shopee,tiktok,tokopedia,blibli}: publishes a master product to this shop
 * (spec part 4): the marketplace's category (deepest level), brand, name, description, weight, images and prices,
 * then the add-product-to-channel progress until the shop has it.
 */
export function CreateChannelProductScreen() {
  const { t } = useTranslation('publish');
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const target = targetOfPath(pathname) ?? 'shopee';
  const shop = useShop(id);
  const [form] = Form.useForm();
  const [search, setSearch] = useState('');
  const [productId, setProductId] = useState<string>();
  const masters = useMasterProducts(search);
  const product = useMasterProduct(productId);
  const publish = usePublish();
  const [batch, setBatch] = useState<PublishBatch>();
  const progress = usePublishBatch(batch?.id);

  useEffect(() => {
    if (product.data) form.setFieldsValue({ channels: [initialChoices(product.data)] });
  }, [product.data, form]);

  const submit = async () => {
    const values = (await form.validateFields().catch(() => null)) as { channels: Record<string, unknown>[] } | null;
    if (!values) return;
    const choice = toPublishChoice(values.channels[0] ?? {});
    publish.mutate(
      { productId: productId ?? '', channels: [{ ...choice, channel_id: id, target } as never] },
      {
        onSuccess: setBatch,
        onError: (error) => {
          if (!applyFieldErrors(form, error)) notifyHttpError(error);
        },
      },
    );
  };

  const current = progress.data ?? batch;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('create.title', { target: t(`target.${target}`), shop: shop.data?.name ?? '' })}
      </Typography.Title>
      {current ? (
        <Card title={t('progress.title')}>
          <PublishProgress items={current.items} />
          {current.done ? (
            <Space style={{ marginTop: 16 }}>
              <Link to={`/product-channel/${id}/product/synchronize`}>{t('progress.toList')}</Link>
              <Button
                onClick={() => {
                  setBatch(undefined);
                  setProductId(undefined);
                  form.resetFields();
                }}
              >
                {t('progress.again')}
              </Button>
            </Space>
          ) : (
            <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('progress.wait')} />
          )}
        </Card>
      ) : (
        <Card>
          <Form form={form} layout="vertical" style={{ maxWidth: 760 }}>
            <Form.Item label={t('fields.master')} required>
              <Select
                showSearch
                filterOption={false}
                onSearch={setSearch}
                value={productId}
                onChange={setProductId}
                placeholder={t('fields.masterPick')}
                loading={masters.isLoading}
                options={(masters.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
                data-testid="master-product"
              />
            </Form.Item>
            {productId ? <PublishFormFields channelId={id} product={product.data} prefix={['channels', 0]} /> : null}
            <Button type="primary" disabled={!product.data} loading={publish.isPending} onClick={() => void submit()}>
              {t('create.submit', { target: t(`target.${target}`) })}
            </Button>
          </Form>
        </Card>
      )}
    </Space>
  );
}
