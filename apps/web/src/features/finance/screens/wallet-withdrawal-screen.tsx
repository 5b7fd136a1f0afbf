import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { financeApi, newIdempotencyKey, useBalance, useBanks, useFinanceMutation, useWithdrawalSettings } from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { textLimit } from '../../../components/text-limit.ts';

type Values = {
  customer_id?: string;
  amount?: number;
  bank_code?: string;
  account_number?: string;
  account_name?: string;
  beneficiary?: string;
  confirmed?: boolean;
};

/**
 * /finance-channel/:id/wallet-withdrawl: a distributor's or reseller's request to withdraw wallet money to a bank
 * account, within the configured limits, after confirming the data is correct; transferred within 2 × 24 hours.
 */
export function WalletWithdrawalScreen() {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customer_id', form);
  const amount = Form.useWatch('amount', form);
  const balance = useBalance(customerId);
  const settings = useWithdrawalSettings();
  const banks = useBanks();
  const [key, setKey] = useState(newIdempotencyKey);
  const [review, setReview] = useState<Values | null>(null);
  const request = useFinanceMutation(financeApi.requestWithdrawal, (w) => {
    notifySuccess(t('withdrawal.requested', { number: w.number }));
    setReview(null);
    setKey(newIdempotencyKey());
    form.resetFields();
  });
  const s = settings.data;
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('withdrawal.requestTitle')}
        </Typography.Title>
      }
      style={{ maxWidth: 640 }}
    >
      <Alert type="info" showIcon title={t('withdrawal.within48')} style={{ marginBottom: 16 }} />
      {s ? (
        <Typography.Paragraph type="secondary">
          {t('withdrawal.rules', {
            min: s.min_amount.toLocaleString('id-ID'),
            max: s.max_amount > 0 ? s.max_amount.toLocaleString('id-ID') : '∞',
            count: s.max_count > 0 ? s.max_count : '∞',
            period: t(`withdrawal.periods.${s.count_period}`),
            fee: s.fee.toLocaleString('id-ID'),
          })}
        </Typography.Paragraph>
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={(v) => setReview(v)}>
        <Form.Item name="customer_id" label={t('fields.customer')} rules={[{ required: true, message: t('required') }]}>
          <CustomerSelect data-testid="withdrawal-customer" />
        </Form.Item>
        {balance.data ? (
          <Typography.Paragraph data-testid="available-balance">
            {t('withdrawal.available')}: <MoneyText value={balance.data.wallet} />
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="amount" label={t('fields.amount')} rules={[{ required: true, message: t('required') }, moneyRule]}>
          <MoneyInput data-testid="withdrawal-amount" />
        </Form.Item>
        <Form.Item name="bank_code" label={t('fields.bank')} rules={[{ required: true, message: t('required') }]}>
          <Select
            data-testid="withdrawal-bank"
            showSearch={{ optionFilterProp: 'label' }}
            options={(banks.data?.items ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
          />
        </Form.Item>
        <Form.Item name="account_number" label={t('fields.accountNumber')} rules={[{ required: true, message: t('required') }]}>
          <Input inputMode="numeric" count={textLimit(20)} />
        </Form.Item>
        <Form.Item name="account_name" label={t('fields.accountName')} rules={[{ required: true, message: t('required') }]}>
          <Input count={textLimit(100)} />
        </Form.Item>
        <Form.Item name="beneficiary" label={t('withdrawal.beneficiary')} rules={[{ required: true, message: t('required') }]}>
          <Input count={textLimit(100)} />
        </Form.Item>
        <Form.Item
          name="confirmed"
          valuePropName="checked"
          rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('withdrawal.mustConfirm')))) }]}
        >
          <Checkbox>{t('withdrawal.confirmData')}</Checkbox>
        </Form.Item>
        <Button type="primary" htmlType="submit">
          {t('withdrawal.submit')}
        </Button>
      </Form>
      <Modal
        open={review !== null}
        title={t('withdrawal.review')}
        okText={t('withdrawal.send')}
        confirmLoading={request.isPending}
        onCancel={() => setReview(null)}
        onOk={() =>
          review &&
          request.mutate(
            { ...review, confirmed: true, idempotency_key: key },
            {
              onError: (e) => {
                setReview(null);
                if (!applyFieldErrors(form, e)) notifyHttpError(e);
              },
            },
          )
        }
      >
        {review ? (
          <Descriptions column={1} size="small">
            <Descriptions.Item label={t('fields.amount')}>
              <MoneyText value={amount ?? review.amount} />
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.fee')}>
              <MoneyText value={s?.fee ?? 0} />
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.net')}>
              <MoneyText value={(review.amount ?? 0) - (s?.fee ?? 0)} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.bank')}>
              {banks.data?.items.find((b) => b.code === review.bank_code)?.name} {review.account_number} a.n. {review.account_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('withdrawal.beneficiary')}>{review.beneficiary}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Modal>
    </Card>
  );
}
