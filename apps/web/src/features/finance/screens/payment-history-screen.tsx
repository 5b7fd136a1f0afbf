import '../../../lib/dayjs-language.ts';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Payment } from '@kelola/contracts/finance';
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Modal, Select, Space, Table, Typography, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useListQuery } from '../../../components/use-list-query.ts';
import { fileToBase64 } from '../../../lib/file-api.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import {
  financeApi,
  newIdempotencyKey,
  useBanks,
  useFinanceMutation,
  useInvoices,
  usePaymentChannels,
  usePayments,
} from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { FinanceStatus } from '../components/finance-status.tsx';
import { ProofImage } from '../components/proof-image.tsx';
import { textLimit } from '../../../components/text-limit.ts';

const FILTERS = ['status', 'customer_id'] as const;
type Filter = (typeof FILTERS)[number];
const STATUSES = ['NEED_CONFIRMATION', 'CONFIRMED', 'REJECTED', 'CANCELLED'] as const;

type Values = {
  customer_id?: string;
  channel_id?: string;
  amount?: number;
  paid_at?: Dayjs;
  sender_bank?: string;
  sender_account_number?: string;
  sender_account_name?: string;
  invoice_ids?: string[];
  notes?: string;
};

function RecordPaymentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<Values>();
  const channels = usePaymentChannels();
  const banks = useBanks();
  const customerId = Form.useWatch('customer_id', form);
  const invoices = useInvoices({ page: 1, size: 100, ...(customerId ? { customer_id: customerId } : {}) });
  const [proof, setProof] = useState<File | null>(null);
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useFinanceMutation(financeApi.createPayment, () => {
    form.resetFields();
    setProof(null);
    setKey(newIdempotencyKey());
    onClose();
  });
  const submit = async () => {
    // The form shows what is missing on its fields.
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const body = {
      customer_id: v.customer_id,
      channel_id: v.channel_id,
      amount: v.amount,
      paid_at: (v.paid_at ?? dayjs()).format('YYYY-MM-DD'),
      sender_bank: v.sender_bank ?? null,
      sender_account_number: v.sender_account_number || null,
      sender_account_name: v.sender_account_name || null,
      invoice_ids: v.invoice_ids ?? [],
      notes: v.notes ?? null,
      proof: proof ? { file_name: proof.name, content_base64: await fileToBase64(proof) } : null,
      idempotency_key: key,
    };
    create.mutate(body, { onError: (e) => applyFieldErrors(form, e) || notifyHttpError(e) });
  };
  const open_ = (invoices.data?.items ?? []).filter((i) => i.status === 'OUTSTANDING' || i.status === 'PARTIALLY_PAID');
  return (
    <Modal
      open={open}
      title={t('payment.record')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      onOk={() => void submit()}
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ paid_at: dayjs() }}>
        <Form.Item name="customer_id" label={t('fields.customer')} rules={[{ required: true, message: t('required') }]}>
          <CustomerSelect data-testid="payment-customer" />
        </Form.Item>
        {customerId ? (
          <Typography.Paragraph type="secondary" data-testid="open-bill">
            {t('payment.openBill')}: <MoneyText value={open_.reduce((s, i) => s + i.remaining, 0)} />
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="channel_id" label={t('payment.channel')} rules={[{ required: true, message: t('required') }]}>
          <Select
            data-testid="payment-channel"
            options={(channels.data?.items ?? [])
              .filter((c) => c.active)
              .map((c) => ({
                value: c.id,
                label: c.bank_name ? `${c.bank_name} ${c.account_number} a.n. ${c.account_name}` : t(`methods.${c.method}`),
              }))}
          />
        </Form.Item>
        <Form.Item name="amount" label={t('fields.amount')} rules={[{ required: true, message: t('required') }, moneyRule]}>
          <MoneyInput data-testid="payment-amount" />
        </Form.Item>
        <Form.Item name="paid_at" label={t('payment.paidAt')}>
          <DatePicker format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="invoice_ids" label={t('payment.invoices')} extra={t('payment.invoicesHint')}>
          <Select mode="multiple" allowClear options={open_.map((i) => ({ value: i.id, label: i.number }))} />
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="sender_bank" label={t('payment.senderBank')} style={{ flex: 1 }}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={(banks.data?.items ?? []).map((b) => ({ value: b.code, label: b.name }))}
            />
          </Form.Item>
          <Form.Item name="sender_account_number" label={t('fields.accountNumber')} style={{ flex: 1 }}>
            <Input inputMode="numeric" count={textLimit(20)} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="sender_account_name" label={t('fields.accountName')}>
          <Input count={textLimit(100)} />
        </Form.Item>
        <Form.Item label={t('payment.proof')} name="proof" validateTrigger={[]}>
          <Upload
            accept="image/png,image/jpeg,image/gif,image/bmp"
            maxCount={1}
            beforeUpload={(file) => {
              setProof(file);
              return false;
            }}
            onRemove={() => setProof(null)}
          >
            <Button icon={<UploadOutlined />} data-testid="proof-upload">
              {t('payment.upload')}
            </Button>
          </Upload>
        </Form.Item>
        <Form.Item name="notes" label={t('fields.notes')}>
          <Input.TextArea count={textLimit(500)} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function PaymentDrawer({ payment, onClose }: { payment: Payment | null; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const canWrite = useCan('finance-channel', 'WRITE');
  const decide = useFinanceMutation(
    ({ id, action }: { id: string; action: 'CONFIRM' | 'REJECT' | 'CANCEL' }) => financeApi.decidePayment(id, action),
    onClose,
  );
  if (!payment) return <Drawer open={false} />;
  const waiting = payment.status === 'NEED_CONFIRMATION';
  return (
    <Drawer
      open
      size="large"
      title={`${t('payment.detail')} ${payment.number}`}
      onClose={onClose}
      extra={
        waiting && canWrite ? (
          <Space>
            <Button onClick={() => decide.mutate({ id: payment.id, action: 'REJECT' }, { onError: notifyHttpError })} danger>
              {t('payment.reject')}
            </Button>
            <Button
              type="primary"
              loading={decide.isPending}
              onClick={() => decide.mutate({ id: payment.id, action: 'CONFIRM' }, { onError: notifyHttpError })}
            >
              {t('payment.confirm')}
            </Button>
          </Space>
        ) : null
      }
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('fields.customer')}>{payment.customer_name}</Descriptions.Item>
        <Descriptions.Item label={t('fields.status')}>
          <FinanceStatus status={payment.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.amount')}>
          <MoneyText value={payment.amount} />
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.channel')}>{payment.channel_label ?? payment.method}</Descriptions.Item>
        <Descriptions.Item label={t('payment.senderBank')}>
          {[payment.sender_bank, payment.sender_account_number, payment.sender_account_name].filter(Boolean).join(' · ') || '-'}
        </Descriptions.Item>
        <Descriptions.Item label={t('payment.paidAt')}>{payment.paid_at}</Descriptions.Item>
        <Descriptions.Item label={t('payment.remainingBill')}>
          <span data-testid="remaining-bill">
            <MoneyText value={payment.remaining_bill} />
          </span>
        </Descriptions.Item>
        {payment.overpaid > 0 ? (
          <Descriptions.Item label={t('payment.overpaid')}>
            <MoneyText value={payment.overpaid} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t('payment.proof')}>
          {payment.has_proof ? <ProofImage paymentId={payment.id} /> : t('payment.noProof')}
        </Descriptions.Item>
      </Descriptions>
      {payment.allocations.length > 0 ? (
        <Table
          style={{ marginTop: 16 }}
          size="small"
          rowKey="invoice_id"
          pagination={false}
          dataSource={payment.allocations}
          columns={[
            { title: t('fields.invoice'), dataIndex: 'invoice_number' },
            { title: t('payment.allocated'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
          ]}
        />
      ) : null}
    </Drawer>
  );
}

/** /finance-channel/:id/payment-history: payments with their transfer proofs, waiting for confirmation or decided. */
export function PaymentHistoryScreen() {
  const { t } = useTranslation('finance');
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = usePayments(query.params);
  const [recording, setRecording] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = list.data?.items.find((p) => p.id === selectedId) ?? null;
  const columns: ListColumn<Payment>[] = [
    {
      title: t('fields.number'),
      dataIndex: 'number',
      render: (v: string, row) => (
        <Button type="link" style={{ padding: 0 }} onClick={() => setSelectedId(row.id)}>
          {v}
        </Button>
      ),
    },
    { title: t('fields.customer'), dataIndex: 'customer_name' },
    { title: t('payment.paidAt'), dataIndex: 'paid_at' },
    { title: t('fields.method'), dataIndex: 'method', render: (v: string) => t(`methods.${v}`, { defaultValue: v }) },
    { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t('payment.remainingBill'), dataIndex: 'remaining_bill', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t('fields.status'), dataIndex: 'status', render: (v: string) => <FinanceStatus status={v} /> },
  ];
  const addButton = (
    <PermissionGate menuKey="finance-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setRecording(true)}>
        {t('payment.record')}
      </Button>
    </PermissionGate>
  );
  return (
    <>
      <ListPage<Payment, Filter>
        title={t('payment.title')}
        actions={addButton}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={
          <Space wrap>
            <Select
              allowClear
              style={{ minWidth: 200 }}
              placeholder={t('allStatuses')}
              aria-label={t('fields.status')}
              value={query.filters.status}
              options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              onChange={(value?: string) => query.setFilters({ status: value })}
            />
            <CustomerSelect
              allowClear
              value={query.filters.customer_id}
              onChange={(v) => query.setFilters({ customer_id: v })}
              data-testid="payments-filter-customer"
            />
          </Space>
        }
        empty={{ description: t('payment.empty'), action: addButton }}
        minWidth={900}
      />
      <RecordPaymentModal open={recording} onClose={() => setRecording(false)} />
      <PaymentDrawer payment={selected} onClose={() => setSelectedId(null)} />
    </>
  );
}
