import { PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useListQuery } from '../../../components/use-list-query.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { financeApi, newIdempotencyKey, useFinanceMutation, useCreditNotes, useInvoices, type CreditNote } from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { textLimit } from '../../../components/text-limit.ts';

const REASONS = ['RETURN', 'PRICE_CORRECTION', 'GOODWILL'] as const;
type Values = { customer_id?: string; reason: string; target: 'INVOICE' | 'WALLET'; invoice_id?: string; amount?: number; notes?: string };

/** A credit note for an open invoice of the customer or for the customer's wallet. */
export function CreditNoteModal({
  open,
  onClose,
  preset,
}: {
  open: boolean;
  onClose: () => void;
  preset?: { customer_id: string; invoice_id?: string; target: 'INVOICE' | 'WALLET' };
}) {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<Values>();
  const customerId = Form.useWatch('customer_id', form) ?? preset?.customer_id;
  const target = Form.useWatch('target', form);
  const invoices = useInvoices({ page: 1, size: 100, ...(customerId ? { customer_id: customerId } : {}) });
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useFinanceMutation(financeApi.createCreditNote, (note) => {
    notifySuccess(t('creditNote.created', { number: note.number }));
    setKey(newIdempotencyKey());
    form.resetFields();
    onClose();
  });
  const openInvoices = (invoices.data?.items ?? []).filter((i) => i.status === 'OUTSTANDING' || i.status === 'PARTIALLY_PAID');
  return (
    <Modal
      open={open}
      title={t('creditNote.create')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (v) =>
            create.mutate(
              {
                customer_id: v.customer_id,
                reason: v.reason,
                target: v.target,
                invoice_id: v.target === 'INVOICE' ? v.invoice_id : null,
                amount: v.amount,
                notes: v.notes ?? null,
                idempotency_key: key,
              },
              { onError: (e) => applyFieldErrors(form, e) || notifyHttpError(e) },
            ),
          // The form shows what is missing on its fields.
          () => undefined,
        )
      }
    >
      <Form<Values> form={form} layout="vertical" initialValues={{ reason: 'PRICE_CORRECTION', target: 'INVOICE', ...preset }}>
        <Form.Item name="customer_id" label={t('fields.customer')} rules={[{ required: true, message: t('required') }]}>
          <CustomerSelect data-testid="credit-note-customer" />
        </Form.Item>
        <Form.Item name="reason" label={t('fields.reason')}>
          <Select options={REASONS.map((r) => ({ value: r, label: t(`creditNote.reasons.${r}`) }))} />
        </Form.Item>
        <Form.Item name="target" label={t('creditNote.target')}>
          <Radio.Group
            options={[
              { value: 'INVOICE', label: t('creditNote.toInvoice') },
              { value: 'WALLET', label: t('creditNote.toWallet') },
            ]}
          />
        </Form.Item>
        {target !== 'WALLET' ? (
          <Form.Item name="invoice_id" label={t('fields.invoice')} rules={[{ required: true, message: t('required') }]}>
            <Select
              data-testid="credit-note-invoice"
              options={openInvoices.map((i) => ({
                value: i.id,
                label: `${i.number} · ${t('fields.remaining')} ${i.remaining.toLocaleString('id-ID')}`,
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="amount" label={t('fields.amount')} rules={[{ required: true, message: t('required') }, moneyRule]}>
          <MoneyInput data-testid="credit-note-amount" />
        </Form.Item>
        <Form.Item name="notes" label={t('fields.notes')}>
          <Input.TextArea count={textLimit(500)} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /finance-channel/:id/credit-notes: credit notes (returns, price corrections, goodwill) and where they went. */
export function CreditNotesScreen() {
  const { t } = useTranslation('finance');
  const query = useListQuery<'customer_id'>({ filterKeys: ['customer_id'] });
  const list = useCreditNotes(query.params);
  const [creating, setCreating] = useState(false);
  const columns: ListColumn<CreditNote>[] = [
    { title: t('fields.number'), dataIndex: 'number' },
    { title: t('fields.date'), dataIndex: 'created_at', render: (v: string) => v.slice(0, 10) },
    { title: t('fields.customer'), dataIndex: 'customer_name' },
    { title: t('fields.reason'), dataIndex: 'reason', render: (v: string) => t(`creditNote.reasons.${v}`) },
    {
      title: t('creditNote.target'),
      dataIndex: 'target',
      render: (v: string, row) => (v === 'INVOICE' ? (row.invoice_number ?? '-') : t('creditNote.toWallet')),
    },
    { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
  ];
  const addButton = (
    <PermissionGate menuKey="finance-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {t('creditNote.create')}
      </Button>
    </PermissionGate>
  );
  return (
    <>
      <ListPage<CreditNote, 'customer_id'>
        title={t('creditNote.title')}
        actions={addButton}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={
          <CustomerSelect
            allowClear
            value={query.filters.customer_id}
            onChange={(v) => query.setFilters({ customer_id: v })}
            data-testid="credit-notes-filter-customer"
          />
        }
        empty={{ description: t('creditNote.empty'), action: addButton }}
        minWidth={800}
      />
      <CreditNoteModal open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
