import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { Product } from '@kelola/contracts';
import {
  DistributorDate,
  DistributorProductEdit,
  DistributorSkuInput,
  type DistributorProduct,
} from '@kelola/contracts/distributor-channel';
import { CHANNEL_IMAGE_MAX_BYTES, IMAGE_EXTENSIONS, PUBLISH_MAX_IMAGES } from '@kelola/domain';
import { App, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Space, Table, Typography, Upload, type FormRule } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { WriteGuard } from '../../../../components/write-guard.tsx';
import { zodFieldRule } from '../../../../components/zod-rules.ts';
import type { z } from 'zod';
import { validationText } from '../../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useDistributorChannels } from '../../../../lib/distributor-channels.ts';
import { useDistributorProduct, useSaveDistributorProduct, useSetDistributorImages } from '../../api/distributor-api.ts';
import { useMasterProduct, useMasterProducts } from '../../api/publish-api.ts';
import { ImageThumb } from '../../components/image-thumb.tsx';

type SkuRow = { catalog_id: string; sku: string; name: string; offered: boolean; price?: number | null; effective_date?: string };
type Values = { status: 'active' | 'inactive'; min_order: number; skus: SkuRow[] };
type NewImage = { key: string; file_name: string; content_base64: string; preview: string };

const ACCEPT = IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The merchant's date today (Indonesia, UTC+7), the default effective date of a new price. */
export const todayInJakarta = (now = new Date()) => new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 10);

/** A chosen file's problem before it is sent (the server checks the bytes again): extension, then 1 MB. */
export function distributorImageProblem(file: { name: string; size: number }): 'IMAGE_EXTENSION' | 'CHANNEL_IMAGE_TOO_LARGE' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension)) return 'IMAGE_EXTENSION';
  if (file.size > CHANNEL_IMAGE_MAX_BYTES) return 'CHANNEL_IMAGE_TOO_LARGE';
  return null;
}

/** The form's SKU rows: every SKU of the master product, offered and priced as the saved product says. */
export function skuRows(product: Pick<Product, 'catalogs'>, saved: DistributorProduct | undefined, today: string): SkuRow[] {
  return product.catalogs.map((c) => {
    const own = saved?.skus.find((s) => s.catalog_id === c.id);
    const latest = own?.prices[0];
    return {
      catalog_id: c.id,
      sku: c.sku,
      name: c.name,
      offered: saved ? Boolean(own) : true,
      price: own ? (own.price ?? latest?.price ?? null) : null,
      effective_date: own ? (own.effective_date ?? latest?.effective_date ?? today) : today,
    };
  });
}

/** The request body of the offered rows, and for each of its SKUs the form row it came from. */
export function toDistributorBody(values: Values) {
  const rows = values.skus.map((row, index) => ({ row, index })).filter(({ row }) => row.offered);
  return {
    body: {
      status: values.status,
      min_order: values.min_order,
      skus: rows.map(({ row }) => ({ catalog_id: row.catalog_id, price: row.price ?? 0, effective_date: row.effective_date ?? '' })),
    },
    rowOf: rows.map(({ index }) => index),
  };
}

const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read'));
    reader.readAsDataURL(file);
  });

/**
 * /product-channel/:id/create-product-distributor and /edit-product-distributor?product=<master product id>: a master
 * product offered to distributors, a distributor price per SKU from an effective date, status, minimum order and the
 * product's own images (≤ 1 MB each). Needs WRITE on product-channel.
 */
export function DistributorProductScreen() {
  const { id = '' } = useParams();
  return (
    <WriteGuard menuKey="product-channel" backTo={`/product-channel/${id}/product/synchronize`} ns="distributor">
      <DistributorProductForm channelId={id} />
    </WriteGuard>
  );
}

function DistributorProductForm({ channelId }: { channelId: string }) {
  const { t } = useTranslation('distributor');
  const { message } = App.useApp();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const editing = pathname.endsWith('/edit-product-distributor');
  const [productId, setProductId] = useState<string | undefined>(editing ? (params.get('product') ?? undefined) : undefined);
  const [query, setQuery] = useState('');
  const [form] = Form.useForm<Values>();
  const channel = useDistributorChannels().data?.items.find((c) => c.id === channelId);
  const masters = useMasterProducts(query);
  const master = useMasterProduct(productId);
  const saved = useDistributorProduct(channelId, editing ? productId : undefined);
  const save = useSaveDistributorProduct(channelId, editing ? productId : undefined);
  const setImages = useSetDistributorImages(channelId);
  const [kept, setKept] = useState<string[]>([]);
  const [added, setAdded] = useState<NewImage[]>([]);
  const [skuError, setSkuError] = useState<string | null>(null);
  const listPath = `/product-channel/${channelId}/product/synchronize`;

  useEffect(() => {
    if (!master.data || (editing && !saved.data)) return;
    form.setFieldsValue({
      status: saved.data?.status ?? 'active',
      min_order: saved.data?.min_order ?? 1,
      skus: skuRows(master.data, saved.data, todayInJakarta()),
    });
    setKept(saved.data?.images.map((i) => i.key) ?? []);
  }, [master.data, saved.data, editing, form]);

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    // Every value, the rows' catalog ids and names included (validateFields returns only the fields shown).
    const values = form.getFieldsValue(true) as Values;
    const { body, rowOf } = toDistributorBody(values);
    if (body.skus.length === 0) {
      setSkuError(t('noSkus'));
      return;
    }
    setSkuError(null);
    // The shared schema first (STYLE rule 12); its paths name offered SKUs, which map back to the form's rows.
    const parsed = DistributorProductEdit.safeParse(body);
    if (!parsed.success) {
      form.setFields(
        parsed.error.issues.map((issue) => {
          const [head, index, ...rest] = issue.path;
          const name = head === 'skus' && typeof index === 'number' ? ['skus', rowOf[index] ?? 0, ...rest] : issue.path;
          return { name: name as never, errors: [validationText({ code: issue.code, message: issue.message })] };
        }),
      );
      return;
    }
    const fail = (error: unknown) => {
      const remapped = remapSkuErrors(error, rowOf);
      if (!applyFieldErrors(form, remapped)) notifyHttpError(error);
    };
    try {
      const result = await save.mutateAsync(editing ? parsed.data : { ...parsed.data, product_id: productId ?? '' });
      const imagesChanged = added.length > 0 || kept.length !== result.images.length;
      if (imagesChanged)
        await setImages.mutateAsync({
          productId: result.product_id,
          images: added.map((a) => ({ file_name: a.file_name, content_base64: a.content_base64 })),
          images_existing: kept,
        });
      message.success(t('saved'));
      void navigate(withWorkspaceQuery(listPath, search));
    } catch (error) {
      fail(error);
    }
  };

  /** A SKU row's price and date follow the shared schema only when the SKU is offered. */
  const offeredRule = (index: number, schema: z.ZodType): FormRule => ({
    validator: async (_rule, value: unknown) => {
      if (!form.getFieldValue(['skus', index, 'offered'])) return;
      const issue = (await schema.safeParseAsync(value)).error?.issues[0];
      if (issue) throw new Error(validationText({ code: issue.code, message: issue.message }));
    },
  });

  const imageCount = kept.length + added.length;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(editing ? 'editTitle' : 'createTitle', { channel: channel?.name ?? '' })}
      </Typography.Title>
      <Card>
        <Form form={form} layout="vertical" style={{ maxWidth: 860 }} initialValues={{ status: 'active', min_order: 1, skus: [] }}>
          <Form.Item label={t('fields.master')} required>
            <Select
              showSearch
              disabled={editing}
              filterOption={false}
              onSearch={setQuery}
              value={productId}
              onChange={(value: string) => {
                setProductId(value);
                setAdded([]);
              }}
              placeholder={t('fields.masterPick')}
              loading={masters.isLoading}
              options={
                editing && saved.data
                  ? [{ value: saved.data.product_id, label: saved.data.name }]
                  : (masters.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))
              }
              data-testid="distributor-master"
            />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="status" label={t('fields.status')} required style={{ minWidth: 200 }}>
              <Select
                options={[
                  { value: 'active', label: t('status.active') },
                  { value: 'inactive', label: t('status.inactive') },
                ]}
              />
            </Form.Item>
            <Form.Item
              name="min_order"
              label={t('fields.minOrder')}
              required
              rules={[zodFieldRule(DistributorProductEdit.shape.min_order)]}
            >
              <InputNumber min={1} precision={0} style={{ width: 160 }} data-testid="min-order" />
            </Form.Item>
          </Flex>
          <Form.Item label={t('fields.skus')} required validateStatus={skuError ? 'error' : undefined} help={skuError ?? undefined}>
            <Form.List name="skus">
              {(fields) => (
                <Table
                  size="small"
                  pagination={false}
                  rowKey="key"
                  dataSource={fields}
                  columns={[
                    {
                      title: t('fields.offered'),
                      key: 'offered',
                      width: 80,
                      render: (_v, field) => (
                        <Form.Item name={[field.name, 'offered']} valuePropName="checked" noStyle>
                          <Checkbox />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('fields.sku'),
                      key: 'sku',
                      render: (_v, field) => {
                        const row = form.getFieldValue(['skus', field.name]) as SkuRow | undefined;
                        return (
                          <Space direction="vertical" size={0}>
                            <Typography.Text strong>{row?.sku}</Typography.Text>
                            <Typography.Text type="secondary">{row?.name}</Typography.Text>
                          </Space>
                        );
                      },
                    },
                    {
                      title: t('fields.price'),
                      key: 'price',
                      render: (_v, field) => (
                        <Form.Item
                          name={[field.name, 'price']}
                          style={{ margin: 0 }}
                          dependencies={[['skus', field.name, 'offered']]}
                          rules={[offeredRule(field.name, DistributorSkuInput.shape.price)]}
                        >
                          <InputNumber min={0} precision={0} style={{ width: 180 }} addonBefore="Rp" aria-label={t('fields.price')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('fields.effectiveDate'),
                      key: 'effective_date',
                      render: (_v, field) => (
                        <Form.Item
                          name={[field.name, 'effective_date']}
                          style={{ margin: 0 }}
                          dependencies={[['skus', field.name, 'offered']]}
                          rules={[offeredRule(field.name, DistributorDate)]}
                        >
                          <Input type="date" style={{ width: 170 }} aria-label={t('fields.effectiveDate')} />
                        </Form.Item>
                      ),
                    },
                    {
                      title: t('fields.history'),
                      key: 'history',
                      render: (_v, field) => {
                        const row = form.getFieldValue(['skus', field.name]) as SkuRow | undefined;
                        const history = saved.data?.skus.find((s) => s.catalog_id === row?.catalog_id)?.prices ?? [];
                        return history.length ? (
                          <Typography.Text type="secondary">
                            {history.map((h) => `${h.effective_date}: Rp${h.price.toLocaleString('id-ID')}`).join(' · ')}
                          </Typography.Text>
                        ) : (
                          '—'
                        );
                      },
                    },
                  ]}
                />
              )}
            </Form.List>
          </Form.Item>
          <Form.Item label={t('fields.images')} extra={t('fields.imagesHint')} name="images">
            <Flex gap={12} wrap data-testid="distributor-images">
              {kept.map((key) => (
                <Flex key={key} vertical align="center" gap={4}>
                  <ImageThumb src={saved.data?.images.find((i) => i.key === key)?.url ?? ''} alt={key} size={96} />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('images.remove')}
                    onClick={() => setKept(kept.filter((k) => k !== key))}
                  />
                </Flex>
              ))}
              {added.map((image) => (
                <Flex key={image.key} vertical align="center" gap={4}>
                  <img src={image.preview} alt={image.file_name} style={{ width: 96, height: 96, objectFit: 'cover', borderRadius: 6 }} />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('images.remove')}
                    onClick={() => setAdded(added.filter((a) => a.key !== image.key))}
                  />
                </Flex>
              ))}
              <Upload
                accept={ACCEPT}
                multiple
                showUploadList={false}
                disabled={imageCount >= PUBLISH_MAX_IMAGES}
                beforeUpload={(file) => {
                  const problem = distributorImageProblem(file);
                  if (problem) message.error(`${file.name}: ${validationText({ code: problem })}`);
                  else
                    void readBase64(file).then((content) =>
                      setAdded((list) =>
                        list.length + kept.length >= PUBLISH_MAX_IMAGES
                          ? list
                          : [
                              ...list,
                              {
                                key: `${file.name}-${file.size}-${list.length}`,
                                file_name: file.name,
                                content_base64: content,
                                preview: content,
                              },
                            ],
                      ),
                    );
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} disabled={imageCount >= PUBLISH_MAX_IMAGES}>
                  {t('images.add')}
                </Button>
              </Upload>
            </Flex>
          </Form.Item>
          <Space>
            <Button type="primary" disabled={!master.data} loading={save.isPending || setImages.isPending} onClick={() => void submit()}>
              {t('save')}
            </Button>
            <Link to={listPath}>{t('toList')}</Link>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}

/** The server's `skus.N.*` field errors name offered SKUs; the form's rows include the others. */
function remapSkuErrors(error: unknown, rowOf: number[]): unknown {
  if (!error || typeof error !== 'object' || !('fieldIssues' in error)) return error;
  const issues = (error as { fieldIssues: { path: string }[] }).fieldIssues;
  for (const issue of issues) {
    const match = /^skus\.(\d+)(\..*)?$/u.exec(issue.path);
    if (match) issue.path = `skus.${rowOf[Number(match[1])] ?? match[1]}${match[2] ?? ''}`;
  }
  return error;
}
