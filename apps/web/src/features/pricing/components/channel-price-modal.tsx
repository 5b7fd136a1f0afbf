import { Alert, Button, Descriptions, Form, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChannelPriceInput, type ChannelPrice, type ChannelPriceRow, type PriceChannel } from '@kelola/contracts/channel-prices';
import { MoneyText } from '../../../components/money-text.tsx';
import { zodField } from '../../../components/zod-rules.ts';
import { errorText, validationText } from '../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveChannelPrice, useResetChannelPrice } from '../api/channel-price-api.ts';
import { MoneyInput } from '../../../components/money-input.tsx';

export type ChannelPriceTarget = { row: ChannelPriceRow; channel: PriceChannel; price: ChannelPrice };

type Values = { price_msrp: number | null; price_sales: number | null };
type Props = { target: ChannelPriceTarget | null; onClose: () => void; onDone: (change: 'saved' | 'formula') => void };

/** The dialog's starting prices: the ones typed last time, else the price in force, else the base price. */
function startingValues({ row, price }: ChannelPriceTarget): Values {
  if (price.manual) return { ...price.manual };
  return { price_msrp: price.price_msrp ?? row.base_price, price_sales: price.price_sales ?? row.base_price };
}

/**
 * Sets a manual price of a SKU on a channel (saving switches it to MANUAL), or puts it back on the formula.
 * The same zod schema as the server checks the amounts; the server's field errors land on the fields too.
 */
export function ChannelPriceModal({ target, onClose, onDone }: Props) {
  const { t } = useTranslation('pricing');
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveChannelPrice();
  const toFormula = useResetChannelPrice();

  useEffect(() => {
    if (!target) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(startingValues(target));
  }, [target, form]);

  if (!target) return null;
  const { row, channel, price } = target;

  const submit = async () => {
    const values = await form.validateFields();
    setFailure(null);
    try {
      await save.mutateAsync({
        catalogId: row.catalog_id,
        channelId: channel.id,
        input: { price_msrp: values.price_msrp ?? '', price_sales: values.price_sales ?? '' },
      });
      onDone('saved');
    } catch (error) {
      if (!applyFieldErrors(form, error)) setFailure(error);
    }
  };

  const backToFormula = async () => {
    setFailure(null);
    try {
      await toFormula.mutateAsync({ catalogId: row.catalog_id, channelId: channel.id });
      onDone('formula');
    } catch (error) {
      setFailure(error);
    }
  };

  return (
    <Modal
      open
      title={t('channelPrice.editTitle', { sku: row.sku, channel: channel.name })}
      onCancel={onClose}
      width={560}
      destroyOnHidden
      footer={
        <Space wrap>
          {price.mode === 'MANUAL' && (
            <Button onClick={() => void backToFormula()} loading={toFormula.isPending} disabled={save.isPending}>
              {t(row.formula ? 'channelPrice.useFormula' : 'channelPrice.useBasePrice')}
            </Button>
          )}
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button
            type="primary"
            onClick={() => void submit().catch(() => undefined)}
            loading={save.isPending}
            disabled={toFormula.isPending}
          >
            {t('save')}
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('channelPrice.basePrice')}>
          <MoneyText value={row.base_price} />
        </Descriptions.Item>
        <Descriptions.Item label={t('channelPrice.formula')}>
          {row.formula ? <Typography.Text code>{row.formula.name}</Typography.Text> : t('channelPrice.noFormula')}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">
        {t(price.mode === 'MANUAL' ? 'channelPrice.manualHint' : 'channelPrice.switchHint')}
      </Typography.Paragraph>
      {failure !== null && (
        <Alert type="error" showIcon title={errorText(failure)} style={{ marginBottom: 16 }} data-testid="channel-price-error" />
      )}
      <Form<Values> form={form} layout="vertical" name="channel-price">
        <Form.Item
          name="price_msrp"
          label={t('channelPrice.msrp')}
          extra={t('channelPrice.msrpHint')}
          {...zodField(ChannelPriceInput, 'price_msrp')}
        >
          <MoneyInput placeholder="90.000" aria-label={t('channelPrice.msrp')} />
        </Form.Item>
        <Form.Item
          name="price_sales"
          label={t('channelPrice.sales')}
          dependencies={['price_msrp']}
          {...zodField(ChannelPriceInput, 'price_sales')}
          rules={[
            ...zodField(ChannelPriceInput, 'price_sales').rules,
            ({ getFieldValue }) => ({
              validator: async (_rule, value: number | null) => {
                const result = ChannelPriceInput.safeParse({
                  price_msrp: getFieldValue('price_msrp') as number | null,
                  price_sales: value,
                });
                const issue = result.error?.issues.find((i) => i.path[0] === 'price_sales' && i.message === 'SALE_ABOVE_MSRP');
                if (issue) throw new Error(validationText(issue));
              },
            }),
          ]}
        >
          <MoneyInput placeholder="87.000" aria-label={t('channelPrice.sales')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
