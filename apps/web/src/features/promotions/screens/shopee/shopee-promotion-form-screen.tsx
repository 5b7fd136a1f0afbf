import '../../../../lib/dayjs-language.ts';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ShopeePromotion } from '@kelola/contracts/promotions';
import { Alert, Button, Col, DatePicker, Form, Input, InputNumber, Popconfirm, Row, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../../components/form-page.tsx';
import { MoneyInput } from '../../../../components/money-input.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { SkuPicker } from '../../../../components/sku-picker.tsx';
import { textLimit } from '../../../../components/text-limit.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { saveShopeePromotion, useInvalidatePromotions, useShopeeAction, useShopeePromotion } from '../../api/promotions-api.ts';
import { clashText } from './shopee-promotion-list-screen.tsx';

type ItemValues = { catalog_id?: string; promotion_price?: number; purchase_limit?: number };
type Values = { name?: string; period?: [Dayjs, Dayjs]; items?: ItemValues[] };

/** The body of the create or update call: Shopee wants whole minutes; times go as ISO instants. */
export const toShopeeBody = (v: Values, shopId: string | null) => ({
  ...(shopId ? { shop_id: shopId } : {}),
  name: (v.name ?? '').trim(),
  start_time: v.period?.[0]?.second(0).millisecond(0).toISOString() ?? '',
  end_time: v.period?.[1]?.second(0).millisecond(0).toISOString() ?? '',
  items: (v.items ?? [])
    .filter((i) => i.catalog_id)
    .map((i) => ({
      catalog_id: i.catalog_id,
      promotion_price: Number(i.promotion_price ?? 0),
      purchase_limit: Number(i.purchase_limit ?? 0),
    })),
});

/** The clash view: a Shopee price and our programme on the same SKU, and which price the buyer gets (ADR 0032, 0040). */
export function ClashView({ promotion }: { promotion: ShopeePromotion }) {
  const { t } = useTranslation('promotions');
  if (promotion.clashes.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="shopee-clashes"
      style={{ marginBottom: 16 }}
      message={t('shopee.clashTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {promotion.clashes.map((c) => (
            <li key={`${c.catalog_id}-${c.program_id}`} data-testid={`clash-line-${c.sku}`}>
              {t('shopee.clashLine', clashText(t, c))}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** /promotion-channel/:id/create and /edit/:promotionId for a Shopee shop: a seller discount with its items (spec part 7). */
export function ShopeePromotionFormScreen() {
  const { t } = useTranslation('promotions');
  const [form] = Form.useForm<Values>();
  const { id: shopId = '', promotionId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const promotion = useShopeePromotion(promotionId ?? null);
  const invalidate = useInvalidatePromotions();
  const act = useShopeeAction();
  const backTo = withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(shopId)}/list`, location.search);
  const p = promotion.data;

  return (
    <>
      {p && <ClashView promotion={p} />}
      {p && p.failures.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          message={t('shopee.failures')}
          description={p.failures.map((f) => `${f.product_id}/${f.sku_id}: ${f.message}`).join('; ')}
        />
      )}
      <FormPage<Values, ShopeePromotion>
        name="shopee_promotion"
        title={promotionId ? t('shopee.editTitle') : t('shopee.createTitle')}
        description={
          p ? (
            <Space>
              <Tag>{`ID ${p.discount_id}`}</Tag>
              <Tag color={p.status === 'ongoing' ? 'green' : p.status === 'upcoming' ? 'blue' : 'default'}>
                {t(`shopeeStatus.${p.status}`)}
              </Tag>
              <PermissionGate menuKey="promotion-channel" action="WRITE">
                <Space>
                  {p.status === 'ongoing' && (
                    <Popconfirm
                      title={t('shopee.endConfirm')}
                      onConfirm={() => act.mutate({ action: 'END', id: p.id }, { onSuccess: () => notifySuccess(t('shopee.ended')) })}
                    >
                      <Button size="small" data-testid="shopee-end">
                        {t('shopee.end')}
                      </Button>
                    </Popconfirm>
                  )}
                  {p.status === 'upcoming' && (
                    <Popconfirm
                      title={t('shopee.deleteConfirm')}
                      onConfirm={() =>
                        act.mutate(
                          { action: 'DELETE', id: p.id },
                          {
                            onSuccess: () => {
                              notifySuccess(t('shopee.deleted'));
                              void navigate(backTo);
                            },
                          },
                        )
                      }
                    >
                      <Button size="small" danger data-testid="shopee-delete">
                        {t('shopee.delete')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              </PermissionGate>
            </Space>
          ) : (
            t('shopee.createHint')
          )
        }
        form={form}
        backTo={backTo}
        initialValues={
          p
            ? { name: p.name, period: [dayjs(p.start_time), dayjs(p.end_time)], items: [] }
            : { period: [dayjs().add(2, 'hour').minute(0), dayjs().add(7, 'day').minute(0)], items: [{}] }
        }
        loading={Boolean(promotionId) && promotion.isLoading}
        loadError={promotion.error}
        onRetry={() => void promotion.refetch()}
        onSubmit={(values) => saveShopeePromotion(promotionId ?? null, toShopeeBody(values, promotionId ? null : shopId))}
        onSaved={(saved) => {
          void invalidate();
          notifySuccess(t('shopee.saved'));
          if (saved.clashes.length > 0 || saved.failures.length > 0)
            void navigate(withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(shopId)}/edit/${saved.id}`, location.search));
          else void navigate(backTo);
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('shopee.fields.name')} rules={[{ required: true, message: t('validation:REQUIRED') }]}>
              <Input data-testid="field-name" count={textLimit(150)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="period"
              label={t('shopee.fields.period')}
              rules={[{ required: true, message: t('validation:REQUIRED') }]}
              extra={t('shopee.periodHint')}
            >
              <DatePicker.RangePicker
                data-testid="field-period"
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
        </Row>
        {p && (
          <Table
            size="small"
            rowKey={(r) => `${r.product_id}-${r.sku_id}`}
            data-testid="shopee-items"
            style={{ marginBottom: 16 }}
            pagination={false}
            dataSource={p.items}
            columns={[
              { title: t('shopee.fields.sku'), key: 'sku', render: (_v, r) => r.sku ?? r.name },
              {
                title: t('shopee.fields.original_price'),
                dataIndex: 'original_price',
                render: (v: number) => `Rp ${v.toLocaleString('id-ID')}`,
              },
              {
                title: t('shopee.fields.promotion_price'),
                dataIndex: 'promotion_price',
                render: (v: number) => `Rp ${v.toLocaleString('id-ID')}`,
              },
              {
                title: t('shopee.fields.purchase_limit'),
                dataIndex: 'purchase_limit',
                render: (v: number) => (v === 0 ? t('unlimited') : v),
              },
              {
                title: '',
                key: 'remove',
                render: (_v, r) =>
                  r.catalog_id && p.status !== 'expired' ? (
                    <PermissionGate menuKey="promotion-channel" action="WRITE">
                      <Popconfirm
                        title={t('shopee.removeItemConfirm')}
                        onConfirm={() =>
                          saveShopeePromotion(p.id, { remove_catalog_ids: [r.catalog_id] }).then(async () => {
                            await invalidate();
                            notifySuccess(t('shopee.itemRemoved'));
                          }, notifyHttpError)
                        }
                      >
                        <Button
                          size="small"
                          aria-label={t('remove')}
                          icon={<DeleteOutlined />}
                          data-testid={`shopee-remove-${r.sku ?? r.product_id}`}
                        />
                      </Popconfirm>
                    </PermissionGate>
                  ) : null,
              },
            ]}
          />
        )}
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <Row gutter={8} key={field.key} align="top">
                  <Col xs={24} md={10}>
                    <Form.Item name={[field.name, 'catalog_id']} label={i === 0 ? t('shopee.fields.sku') : undefined}>
                      <SkuPicker data-testid={`shopee-item-sku-${i}`} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={6}>
                    <Form.Item name={[field.name, 'promotion_price']} label={i === 0 ? t('shopee.fields.promotion_price') : undefined}>
                      <MoneyInput data-testid={`shopee-item-price-${i}`} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={10} md={6}>
                    <Form.Item name={[field.name, 'purchase_limit']} label={i === 0 ? t('shopee.fields.purchase_limit') : undefined}>
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={2} md={2}>
                    <Button
                      aria-label={t('remove')}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                      style={{ marginTop: i === 0 ? 30 : 0 }}
                    />
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} data-testid="shopee-item-add" onClick={() => add({})}>
                {t('shopee.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </FormPage>
    </>
  );
}
