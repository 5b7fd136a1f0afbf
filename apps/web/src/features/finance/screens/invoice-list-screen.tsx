import { PlusOutlined } from '@ant-design/icons';
import type { InvoiceRow } from '@kelola/contracts/finance';
import { Button, Checkbox, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useListQuery } from '../../../components/use-list-query.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { financeApi, newIdempotencyKey, useFinanceMutation, useInvoiceableOrders, useInvoices } from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { FinanceStatus } from '../components/finance-status.tsx';
import { textLimit } from '../../../components/text-limit.ts';

const FILTERS = ['status', 'q'] as const;
type Filter = (typeof FILTERS)[number];
export const INVOICE_STATUS_OPTIONS = ['OUTSTANDING', 'PARTIALLY_PAID', 'PAID', 'CANCELLED'] as const;

/** The invoice of one or several confirmed orders of one customer. */
function CreateInvoiceModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useTranslation('finance');
  const [form] = Form.useForm<{ customer_id?: string; order_ids: string[]; notes?: string }>();
  const customerId = Form.useWatch('customer_id', form);
  const orders = useInvoiceableOrders(customerId);
  const [key, setKey] = useState(newIdempotencyKey);
  const create = useFinanceMutation(financeApi.createInvoice, (inv) => {
    form.resetFields();
    setKey(newIdempotencyKey());
    onCreated(inv.id);
  });
  return (
    <Modal
      open={open}
      title={t('invoice.create')}
      okText={t('invoice.issue')}
      onCancel={onClose}
      confirmLoading={create.isPending}
      onOk={() =>
        void form
          .validateFields()
          .then((v) =>
            create.mutate(
              { order_ids: v.order_ids ?? [], notes: v.notes ?? null, idempotency_key: key },
              { onError: (e) => applyFieldErrors(form, e) || notifyHttpError(e) },
            ),
          )
          // The form shows what is missing on its fields.
          .catch(() => undefined)
      }
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ order_ids: [] }}>
        <Form.Item name="customer_id" label={t('fields.customer')} rules={[{ required: true, message: t('required') }]}>
          <CustomerSelect data-testid="invoice-customer" />
        </Form.Item>
        <Form.Item
          name="order_ids"
          label={t('invoice.orders')}
          rules={[{ required: true, type: 'array', min: 1, message: t('invoice.pickOrders') }]}
        >
          <Checkbox.Group style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {(orders.data?.items ?? []).map((o) => (
              <Checkbox key={o.order_id} value={o.order_id} data-testid={`invoice-order-${o.order_number}`}>
                <Space>
                  <span>{o.order_number}</span>
                  <Typography.Text type="secondary">{o.order_date}</Typography.Text>
                  <MoneyText value={o.amount} />
                </Space>
              </Checkbox>
            ))}
          </Checkbox.Group>
        </Form.Item>
        {customerId && orders.data?.items.length === 0 ? <Typography.Text type="secondary">{t('invoice.noOrders')}</Typography.Text> : null}
        <Form.Item name="notes" label={t('fields.notes')}>
          <Input.TextArea count={textLimit(500)} rows={2} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /finance-channel/:id/invoice: invoices with their status, remaining bill and due date (overdue flagged). */
export function InvoiceListScreen() {
  const { t } = useTranslation('finance');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = useInvoices(query.params);
  const [creating, setCreating] = useState(false);
  const detailPath = (id: string) =>
    withWorkspaceQuery(`${location.pathname.replace(/\/invoice\/?$/u, '/invoice-detail')}?id=${encodeURIComponent(id)}`, location.search);

  const columns: ListColumn<InvoiceRow>[] = [
    { title: t('fields.number'), dataIndex: 'number', render: (v: string, row) => <Link to={detailPath(row.id)}>{v}</Link> },
    { title: t('fields.customer'), dataIndex: 'customer_name' },
    { title: t('fields.issueDate'), dataIndex: 'issue_date' },
    {
      title: t('fields.dueDate'),
      dataIndex: 'due_date',
      render: (v: string, row) => (
        <Space>
          {v}
          {row.overdue ? <Tag color="red">{t('overdue')}</Tag> : null}
        </Space>
      ),
    },
    { title: t('fields.total'), dataIndex: 'total', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t('fields.remaining'), dataIndex: 'remaining', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t('fields.status'), dataIndex: 'status', render: (v: string) => <FinanceStatus status={v} /> },
  ];
  const addButton = (
    <PermissionGate menuKey="finance-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
        {t('invoice.create')}
      </Button>
    </PermissionGate>
  );
  return (
    <>
      <ListPage<InvoiceRow, Filter>
        title={t('invoice.title')}
        actions={addButton}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        search={{ filter: 'q', placeholder: t('invoice.search') }}
        filters={
          <Select
            allowClear
            style={{ minWidth: 180 }}
            placeholder={t('allStatuses')}
            aria-label={t('fields.status')}
            value={query.filters.status}
            options={INVOICE_STATUS_OPTIONS.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ status: value })}
          />
        }
        empty={{ description: t('invoice.empty'), action: addButton }}
        minWidth={900}
      />
      <CreateInvoiceModal open={creating} onClose={() => setCreating(false)} onCreated={(id) => void navigate(detailPath(id))} />
    </>
  );
}
