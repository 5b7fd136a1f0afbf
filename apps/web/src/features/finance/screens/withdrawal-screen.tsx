import { SettingOutlined } from '@ant-design/icons';
import type { Withdrawal } from '@kelola/contracts/finance';
import { Button, Form, InputNumber, Modal, Popconfirm, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../components/list-page.tsx';
import { MoneyInput, moneyRule } from '../../../components/money-input.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { useCan } from '../../../components/use-can.ts';
import { useListQuery } from '../../../components/use-list-query.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import { financeApi, useFinanceMutation, useWithdrawals, useWithdrawalSettings } from '../api/finance-api.ts';
import { CustomerSelect } from '../components/customer-select.tsx';
import { FinanceStatus } from '../components/finance-status.tsx';

const FILTERS = ['status', 'customer_id'] as const;
type Filter = (typeof FILTERS)[number];
const STATUSES = ['SUBMITTED', 'APPROVED', 'PROCESSED', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'] as const;
/** The next steps offered for each state (the server's state machine decides). */
const NEXT: Record<string, string[]> = {
  SUBMITTED: ['APPROVE', 'REJECT', 'CANCEL'],
  APPROVED: ['PROCESS', 'REJECT'],
  PROCESSED: ['COMPLETE', 'FAIL'],
};
const DANGER = new Set(['REJECT', 'CANCEL', 'FAIL']);

/** Minimum and maximum amount, maximum count per day/week/month and fee of a withdrawal (spec part 9). */
function SettingsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('finance');
  const settings = useWithdrawalSettings();
  const [form] = Form.useForm();
  const save = useFinanceMutation(financeApi.saveSettings, onClose);
  return (
    <Modal
      open={open}
      title={t('withdrawal.settings')}
      onCancel={onClose}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={() =>
        void form.validateFields().then(
          (v) => save.mutate(v, { onError: (e) => applyFieldErrors(form, e) || notifyHttpError(e) }),
          () => undefined, // the form shows what is missing on its fields
        )
      }
    >
      {settings.data ? (
        <Form form={form} layout="vertical" initialValues={settings.data}>
          <Form.Item name="min_amount" label={t('withdrawal.minAmount')} rules={[{ required: true, message: t('required') }, moneyRule]}>
            <MoneyInput />
          </Form.Item>
          <Form.Item
            name="max_amount"
            label={t('withdrawal.maxAmount')}
            extra={t('withdrawal.zeroNoLimit')}
            rules={[{ required: true, message: t('required') }, moneyRule]}
          >
            <MoneyInput />
          </Form.Item>
          <Space.Compact block>
            <Form.Item
              name="max_count"
              label={t('withdrawal.maxCount')}
              style={{ flex: 1 }}
              rules={[{ required: true, message: t('required') }]}
            >
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="count_period" label={t('withdrawal.period')} style={{ flex: 1 }}>
              <Select options={['DAY', 'WEEK', 'MONTH'].map((p) => ({ value: p, label: t(`withdrawal.periods.${p}`) }))} />
            </Form.Item>
          </Space.Compact>
          <Form.Item name="fee" label={t('withdrawal.fee')} rules={[{ required: true, message: t('required') }, moneyRule]}>
            <MoneyInput />
          </Form.Item>
        </Form>
      ) : null}
    </Modal>
  );
}

/** /finance-channel/:id/withdrawal: withdrawal requests to approve, process and complete (or reject, cancel, fail). */
export function WithdrawalScreen() {
  const { t } = useTranslation('finance');
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = useWithdrawals(query.params);
  const canWrite = useCan('finance-channel', 'WRITE');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const act = useFinanceMutation(({ id, action }: { id: string; action: string }) => financeApi.actOnWithdrawal(id, action));
  const columns: ListColumn<Withdrawal>[] = [
    { title: t('fields.number'), dataIndex: 'number' },
    { title: t('fields.date'), dataIndex: 'requested_at', render: (v: string) => new Date(v).toLocaleString('id-ID') },
    { title: t('fields.customer'), dataIndex: 'customer_name' },
    { title: t('fields.bank'), dataIndex: 'bank_name', render: (v: string, row) => `${v} ${row.account_number} a.n. ${row.account_name}` },
    { title: t('withdrawal.beneficiary'), dataIndex: 'beneficiary' },
    { title: t('fields.amount'), dataIndex: 'amount', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    { title: t('withdrawal.fee'), dataIndex: 'fee', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (v: string, row) => (
        <Space>
          <FinanceStatus status={v} />
          {row.overdue ? <Tag color="red">{t('withdrawal.overdue')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('action'),
      key: 'action',
      fixed: 'right',
      render: (_v, row) =>
        canWrite ? (
          <Space wrap>
            {(NEXT[row.status] ?? []).map((action) => (
              <Popconfirm
                key={action}
                title={t(`withdrawal.confirmAction.${action}`)}
                onConfirm={() => act.mutate({ id: row.id, action }, { onError: notifyHttpError })}
              >
                <Button
                  size="small"
                  danger={DANGER.has(action)}
                  type={DANGER.has(action) ? 'default' : 'primary'}
                  data-testid={`withdrawal-${action}`}
                >
                  {t(`withdrawal.actions.${action}`)}
                </Button>
              </Popconfirm>
            ))}
          </Space>
        ) : null,
    },
  ];
  return (
    <>
      <ListPage<Withdrawal, Filter>
        title={t('withdrawal.title')}
        actions={
          <PermissionGate menuKey="finance-channel" action="WRITE">
            <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>
              {t('withdrawal.settings')}
            </Button>
          </PermissionGate>
        }
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
              style={{ minWidth: 180 }}
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
              data-testid="withdrawals-filter-customer"
            />
          </Space>
        }
        empty={{ description: t('withdrawal.empty') }}
        minWidth={1100}
      />
      <SettingsModal open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </>
  );
}
