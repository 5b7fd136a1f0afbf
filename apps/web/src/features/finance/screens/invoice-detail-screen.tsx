import { PrinterOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { DetailPage } from '../../../components/detail-page.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { fetchFile } from '../../../lib/file-api.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import { financeApi, useFinanceMutation, useInvoice } from '../api/finance-api.ts';
import { FinanceStatus } from '../components/finance-status.tsx';
import { CreditNoteModal } from './credit-notes-screen.tsx';

/** /finance-channel/:id/invoice-detail?id=: the invoice with its orders, payments and credit notes; print the faktur. */
export function InvoiceDetailScreen() {
  const { t } = useTranslation('finance');
  const [params] = useSearchParams();
  const location = useLocation();
  const id = params.get('id');
  const invoice = useInvoice(id);
  const cancel = useFinanceMutation((invoiceId: string) => financeApi.cancelInvoice(invoiceId));
  const [crediting, setCrediting] = useState(false);
  const [printing, setPrinting] = useState(false);
  const inv = invoice.data;
  const print = async () => {
    if (!inv) return;
    setPrinting(true);
    try {
      const blob = await fetchFile(`/finance/invoices/${encodeURIComponent(inv.id)}/pdf`);
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      notifyHttpError(error);
    } finally {
      setPrinting(false);
    }
  };
  const open = inv && (inv.status === 'OUTSTANDING' || inv.status === 'PARTIALLY_PAID');
  return (
    <DetailPage
      title={inv ? `${t('invoice.detailTitle')} ${inv.number}` : t('invoice.detailTitle')}
      backTo={location.pathname.replace(/\/invoice-detail\/?$/u, '/invoice')}
      loading={invoice.isLoading}
      error={invoice.error}
      onRetry={() => void invoice.refetch()}
      actions={
        inv ? (
          <Space>
            <Button icon={<PrinterOutlined />} loading={printing} onClick={() => void print()} data-testid="print-faktur">
              {t('invoice.print')}
            </Button>
            {open ? (
              <PermissionGate menuKey="finance-channel" action="WRITE">
                <Button onClick={() => setCrediting(true)}>{t('creditNote.create')}</Button>
              </PermissionGate>
            ) : null}
            {inv.status === 'OUTSTANDING' && inv.paid === 0 && inv.credited === 0 ? (
              <PermissionGate menuKey="finance-channel" action="WRITE">
                <Popconfirm title={t('invoice.cancelConfirm')} onConfirm={() => cancel.mutate(inv.id, { onError: notifyHttpError })}>
                  <Button danger icon={<StopOutlined />}>
                    {t('invoice.cancel')}
                  </Button>
                </Popconfirm>
              </PermissionGate>
            ) : null}
          </Space>
        ) : null
      }
      items={
        inv
          ? [
              { key: 'customer', label: t('fields.customer'), value: inv.customer_name },
              { key: 'status', label: t('fields.status'), value: <FinanceStatus status={inv.status} /> },
              { key: 'issue', label: t('fields.issueDate'), value: inv.issue_date },
              { key: 'due', label: t('fields.dueDate'), value: `${inv.due_date}${inv.overdue ? ` (${t('overdue')})` : ''}` },
              { key: 'subtotal', label: t('fields.subtotal'), value: <MoneyText value={inv.subtotal} currency={inv.currency} /> },
              {
                key: 'dpp',
                label: t('fields.dpp'),
                value: inv.tax_liability ? <MoneyText value={inv.dpp} currency={inv.currency} /> : null,
              },
              {
                key: 'ppn',
                label: t('fields.ppn'),
                value: inv.tax_liability ? (
                  <Space>
                    <MoneyText value={inv.ppn} currency={inv.currency} />
                    <Typography.Text type="secondary">({inv.ppn_rate} %)</Typography.Text>
                  </Space>
                ) : (
                  t('invoice.noPpn')
                ),
              },
              { key: 'total', label: t('fields.total'), value: <MoneyText value={inv.total} currency={inv.currency} /> },
              { key: 'paid', label: t('fields.paid'), value: <MoneyText value={inv.paid} currency={inv.currency} /> },
              { key: 'credited', label: t('fields.credited'), value: <MoneyText value={inv.credited} currency={inv.currency} /> },
              {
                key: 'remaining',
                label: t('fields.remaining'),
                value: (
                  <strong data-testid="invoice-remaining">
                    <MoneyText value={inv.remaining} currency={inv.currency} />
                  </strong>
                ),
              },
            ]
          : []
      }
    >
      {inv ? (
        <>
          <Typography.Title level={5}>{t('invoice.orders')}</Typography.Title>
          <Table
            size="small"
            rowKey="order_id"
            pagination={false}
            dataSource={inv.orders}
            columns={[
              { title: t('fields.order'), dataIndex: 'order_number' },
              { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('invoice.allocations')}
          </Typography.Title>
          <Table
            size="small"
            rowKey={(r) => `${r.kind}-${r.ref_id}`}
            pagination={false}
            dataSource={inv.allocations}
            locale={{ emptyText: t('invoice.noAllocations') }}
            columns={[
              { title: t('fields.kind'), dataIndex: 'kind', render: (v: string) => t(`allocationKind.${v}`) },
              { title: t('fields.number'), dataIndex: 'number' },
              { title: t('fields.date'), dataIndex: 'at', render: (v: string) => v.slice(0, 10) },
              { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
            ]}
          />
          <CreditNoteModal
            open={crediting}
            onClose={() => setCrediting(false)}
            preset={{ customer_id: inv.customer_id, invoice_id: inv.id, target: 'INVOICE' }}
          />
        </>
      ) : null}
    </DetailPage>
  );
}
