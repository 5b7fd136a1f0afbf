import type { Channel } from '@kelola/contracts/channels';
import type { BulkPublishInput, PublishBatch } from '@kelola/contracts/channel-publish';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../../lib/api-client.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { queryKeys } from '../../../../lib/query-keys.ts';
import { useWorkspaceId } from '../../../../lib/workspace-query.ts';
import { useBulkPublish, useMasterProducts, useShopCategories } from '../../api/publish-api.ts';
import { CategoryCascader } from '../../components/category-cascader.tsx';
import { usePublicationMessage } from '../../components/publish-progress.tsx';
import { AttributeFields, toPublishChoice } from './publish-form-fields.tsx';

const PUBLISHABLE = ['shopee', 'tiktok', 'lazada', 'blibli'];

/**
 * /product/bulk-publish: many master products to one shop (its category for all of them), one product after the
 * other, each with its own result ('Berhasil' / 'Gagal di simpan').
 */
export function BulkPublishScreen() {
  const { t } = useTranslation('publish');
  const workspaceId = useWorkspaceId();
  const [form] = Form.useForm();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const masters = useMasterProducts(search);
  const shops = useQuery({
    queryKey: queryKeys.channels.lists(workspaceId),
    queryFn: () => apiFetch<{ items: Channel[] }>('/channels'),
  });
  const channelId = Form.useWatch('channel_id', form) as string | undefined;
  const categoryPath = Form.useWatch('category_path', form) as string[] | undefined;
  const categories = useShopCategories(channelId ?? '');
  const bulk = useBulkPublish();
  const [batchIds, setBatchIds] = useState<string[]>([]);
  const batches = useQueries({
    queries: batchIds.map((id) => ({
      queryKey: queryKeys.channelProducts.of(workspaceId, 'batch', id),
      queryFn: () => apiFetch<PublishBatch>(`/publish-batches/${encodeURIComponent(id)}`),
      refetchInterval: (query: { state: { data?: PublishBatch } }) => (query.state.data?.done ? false : 2_000),
    })),
  });
  const message = usePublicationMessage();
  const connected = (shops.data?.items ?? []).filter((s) => s.status === 'CONNECTED' && PUBLISHABLE.includes(s.marketplace));
  const shop = connected.find((s) => s.id === channelId);

  const submit = async () => {
    // Shop, target, category and attribute values for every product, unless the product has its own (per_product).
    // A refused field shows its error where it is; nothing is sent.
    const values = (await form.validateFields().catch(() => null)) as Record<string, unknown> | null;
    if (!values) return;
    const { per_product: perProduct, ...shared } = values as Record<string, unknown> & {
      per_product?: Record<string, Record<string, unknown> | undefined>;
    };
    const choice = toPublishChoice(shared);
    const choices = selected.flatMap((productId) => {
      const own = perProduct?.[productId];
      return own && Array.isArray(own.category_path) && own.category_path.length > 0
        ? [{ ...toPublishChoice(own), product_id: productId, channel_id: shared.channel_id }]
        : [];
    });
    bulk.mutate(
      {
        product_ids: selected,
        channels: [choice as BulkPublishInput['channels'][number]],
        ...(choices.length > 0 ? { choices: choices as BulkPublishInput['choices'] } : {}),
      },
      {
        onSuccess: (result) => setBatchIds(result.batches.map((b) => b.id)),
        onError: (error) => {
          if (!applyFieldErrors(form, error)) notifyHttpError(error);
        },
      },
    );
  };

  const results = batches.flatMap((q) => q.data?.items ?? []);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('bulk.title')}
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" style={{ maxWidth: 760 }}>
          <Form.Item name="channel_id" label={t('bulk.shop')} rules={[{ required: true, message: t('bulk.shopRequired') }]}>
            <Select
              data-testid="bulk-shop"
              loading={shops.isLoading}
              options={connected.map((s) => ({ value: s.id, label: `${s.name} (${s.marketplace})` }))}
              onChange={() => form.setFieldsValue({ category_path: undefined, target: undefined })}
            />
          </Form.Item>
          {shop?.marketplace === 'tiktok' ? (
            <Form.Item name="target" label={t('bulk.target')} initialValue="tiktok">
              <Select options={['tiktok', 'tokopedia'].map((v) => ({ value: v, label: t(`target.${v}`) }))} />
            </Form.Item>
          ) : null}
          <Form.Item name="category_path" label={t('fields.category')} rules={[{ required: true, message: t('fields.categoryRequired') }]}>
            <CategoryCascader items={categories.data?.items} loading={categories.isLoading} placeholder={t('fields.categoryPick')} />
          </Form.Item>
          <AttributeFields channelId={channelId ?? ''} categoryId={categoryPath?.at(-1)} prefix={[]} />
          <Input.Search placeholder={t('bulk.search')} allowClear onSearch={setSearch} style={{ maxWidth: 360, marginBottom: 12 }} />
          <Table
            rowKey="id"
            size="small"
            loading={masters.isLoading}
            dataSource={masters.data?.items ?? []}
            pagination={false}
            scroll={{ y: 320 }}
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => {
                // A newly chosen product starts with the shop's choice, editable below for that product alone.
                for (const key of keys.map(String).filter((k) => !selected.includes(k)))
                  if (!form.getFieldValue(['per_product', key, 'category_path']))
                    form.setFieldValue(['per_product', key], {
                      category_path: form.getFieldValue('category_path') as unknown,
                      attribute_values: form.getFieldValue('attribute_values') as unknown,
                    });
                setSelected(keys.map(String));
              },
              preserveSelectedRowKeys: true,
            }}
            columns={[
              { title: t('bulk.product'), dataIndex: 'name' },
              { title: t('bulk.variants'), dataIndex: 'variant_count', align: 'right' },
            ]}
          />
          {channelId && selected.length > 0 ? (
            <>
              <Typography.Title level={5}>{t('bulk.perProduct')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('bulk.perProductHint')}</Typography.Paragraph>
              <Space direction="vertical" style={{ width: '100%', maxWidth: 760 }}>
                {selected.map((productId) => (
                  <ProductChoice
                    key={productId}
                    productId={productId}
                    name={(masters.data?.items ?? []).find((p) => p.id === productId)?.name ?? productId}
                    channelId={channelId}
                    categories={categories.data?.items}
                    loading={categories.isLoading}
                  />
                ))}
              </Space>
            </>
          ) : null}
          <Space style={{ marginTop: 16 }}>
            <Button type="primary" disabled={selected.length === 0} loading={bulk.isPending} onClick={() => void submit()}>
              {t('bulk.submit', { count: selected.length })}
            </Button>
          </Space>
        </Form>
      </Card>
      {batchIds.length > 0 ? (
        <Card title={t('bulk.results')}>
          {batches.every((q) => q.data?.done) ? null : (
            <Alert type="info" showIcon message={t('progress.wait')} style={{ marginBottom: 12 }} />
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={results}
            columns={[
              { title: t('bulk.product'), dataIndex: 'product_name' },
              { title: t('bulk.shop'), dataIndex: 'channel_name' },
              {
                title: t('bulk.status'),
                dataIndex: 'status',
                render: (status: string) => (
                  <Tag color={status === 'FINISHED' ? 'success' : status === 'FAILED' ? 'error' : 'processing'}>
                    {t(`status.${status}`)}
                  </Tag>
                ),
              },
              {
                title: t('bulk.result'),
                key: 'result',
                render: (_v, p) => (p.status === 'FINISHED' || p.status === 'FAILED' ? message(p) : '—'),
              },
            ]}
          />
        </Card>
      ) : null}
    </Space>
  );
}

/** One product's own category and attributes on the shop (`per_product.<id>`), starting as the shop's choice. */
function ProductChoice({
  productId,
  name,
  channelId,
  categories,
  loading,
}: {
  productId: string;
  name: string;
  channelId: string;
  categories: Parameters<typeof CategoryCascader>[0]['items'];
  loading: boolean;
}) {
  const { t } = useTranslation('publish');
  const form = Form.useFormInstance();
  const path = Form.useWatch(['per_product', productId, 'category_path'], form) as string[] | undefined;
  return (
    <Card size="small" title={name} data-testid={`product-choice-${productId}`}>
      <Form.Item name={['per_product', productId, 'category_path']} label={t('fields.category')}>
        <CategoryCascader items={categories} loading={loading} placeholder={t('fields.categoryPick')} />
      </Form.Item>
      <AttributeFields channelId={channelId} categoryId={path?.at(-1)} prefix={['per_product', productId]} />
    </Card>
  );
}
