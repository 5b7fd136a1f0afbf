import type { PublishBatch } from '@kelola/contracts/channel-publish';
import { Alert, Button, Card, Form, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { useShop } from '../../api/channel-products-api.ts';
import { useEditPublish, useEditStart, useMasterProduct, usePublishBatch } from '../../api/publish-api.ts';
import { PublishProgress } from '../../components/publish-progress.tsx';
import { initialChoices, PublishFormFields, targetOfPath, toPublishChoice } from './publish-form-fields.tsx';

/**
 * /product-channel/:id/edit-product-{shopee,tiktok,tokopedia,blibli,lazada}?product=<channel product id>: sends the
 * mapped master product again, with the merchant's changes, to the product already on the shop.
 */
export function EditChannelProductScreen() {
  const { t } = useTranslation('publish');
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const channelProductId = params.get('product') ?? '';
  const target = targetOfPath(pathname) ?? 'shopee';
  const shop = useShop(id);
  const start = useEditStart(id, channelProductId, target);
  const product = useMasterProduct(start.data?.product_id ?? undefined);
  const save = useEditPublish(id, channelProductId);
  const [form] = Form.useForm();
  const [batch, setBatch] = useState<PublishBatch>();
  const progress = usePublishBatch(batch?.id);

  useEffect(() => {
    if (!product.data || !start.data) return;
    const base = initialChoices(product.data, new Map(start.data.prices.map((p) => [p.catalog_id, p.price])));
    form.setFieldsValue({
      ...base,
      name: start.data.name || base.name,
      description: start.data.description || base.description,
      weight_grams: start.data.weight_grams || base.weight_grams,
      category_path: start.data.category_path.length > 0 ? start.data.category_path : undefined,
      brand_id: start.data.brand_id ?? undefined,
    });
  }, [product.data, start.data, form]);

  const submit = async () => {
    const values = (await form.validateFields().catch(() => null)) as Record<string, unknown> | null;
    if (!values) return;
    save.mutate({ ...toPublishChoice(values), target } as never, {
      onSuccess: setBatch,
      onError: (error) => {
        if (!applyFieldErrors(form, error)) notifyHttpError(error);
      },
    });
  };

  const current = progress.data ?? batch;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('edit.title', { target: t(`target.${target}`), shop: shop.data?.name ?? '' })}
      </Typography.Title>
      {start.isLoading ? <Spin /> : null}
      {start.isError ? <Alert type="error" showIcon message={t('edit.notFound')} /> : null}
      {start.data && !start.data.product_id ? <Alert type="warning" showIcon message={t('edit.notMapped')} /> : null}
      {current ? (
        <Card title={t('progress.title')}>
          <PublishProgress items={current.items} />
          {current.done ? (
            <Link to={`/product-channel/${id}/product/synchronize`}>{t('progress.toList')}</Link>
          ) : (
            <Alert style={{ marginTop: 16 }} type="info" showIcon message={t('progress.wait')} />
          )}
        </Card>
      ) : start.data?.product_id ? (
        <Card title={start.data.product_name}>
          <Form form={form} layout="vertical" style={{ maxWidth: 760 }}>
            <PublishFormFields channelId={id} product={product.data} prefix={[]} />
            <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
              {t('edit.submit')}
            </Button>
          </Form>
        </Card>
      ) : null}
    </Space>
  );
}
