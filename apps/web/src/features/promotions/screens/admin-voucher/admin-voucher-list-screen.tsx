import { PlusOutlined } from '@ant-design/icons';
import type { AdminVoucher, UsedVoucher } from '@kelola/contracts/promotions';
import { ADMIN_VOUCHER_TYPES, VOUCHER_STATUSES } from '@kelola/domain';
import { Button, Select, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { ParamSearch } from '../../../../components/param-search.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useAdminVoucherAction, useAdminVouchers, useUsedVouchers } from '../../api/promotions-api.ts';
import { statusTone } from '../../components/status-tone.ts';

const FILTERS = ['status', 'type', 'search_by', 'q'] as const;
type Filter = (typeof FILTERS)[number];
const SEARCH_BY = ['code', 'name'] as const;
const isId = (v: string) => /^[0-9a-f-]{36}$/iu.test(v);

export const voucherValue = (v: Pick<AdminVoucher, 'value_type' | 'value'>) =>
  v.value_type === 'PERCENTAGE' ? `${v.value} %` : `Rp ${v.value.toLocaleString('id-ID')}`;

/** The orders that used one voucher (who, which order, how much), under its row. */
function VoucherUses({ voucherId }: { voucherId: string }) {
  const { t } = useTranslation('promotions');
  const used = useUsedVouchers({ voucher_id: voucherId, limit: 50 });
  return (
    <Table<UsedVoucher>
      size="small"
      rowKey="id"
      data-testid={`voucher-uses-${voucherId}`}
      loading={used.isFetching}
      dataSource={used.data?.items ?? []}
      pagination={false}
      locale={{ emptyText: t('used.empty') }}
      columns={[
        { title: t('used.order_reference'), dataIndex: 'order_reference' },
        { title: t('used.customer_reference'), dataIndex: 'customer_reference', render: (v: string | null) => v ?? '-' },
        { title: t('used.discount'), dataIndex: 'discount', render: (v: number) => `Rp ${v.toLocaleString('id-ID')}` },
        { title: t('used.used_at'), dataIndex: 'used_at', render: (v: string) => new Date(v).toLocaleString('id-ID') },
      ]}
    />
  );
}

/** /promotion-channel/:id/voucher: admin vouchers (spec part 3 "Voucher (admin)"), page 1, limit 20 (part 9). */
export function AdminVoucherListScreen() {
  const { t } = useTranslation('promotions');
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSize: 20 });
  const { size, ...rest } = query.params;
  const list = useAdminVouchers({ ...rest, limit: size ?? 20, ...(isId(channelId) ? { channel_id: channelId } : {}) });
  const act = useAdminVoucherAction();
  const to = (path: string) => withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(channelId)}${path}`, location.search);

  const addButton = (
    <PermissionGate menuKey="promotion-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} data-testid="admin-voucher-add" onClick={() => void navigate(to('/voucher/add'))}>
        {t('voucher.add')}
      </Button>
    </PermissionGate>
  );

  const run = (row: AdminVoucher, action: 'APPROVE' | 'CANCEL') =>
    act.mutate(
      { id: row.id, action },
      { onSuccess: () => notifySuccess(t(action === 'APPROVE' ? 'adminVoucher.approved' : 'adminVoucher.cancelled')) },
    );

  const columns: ListColumn<AdminVoucher>[] = [
    { title: t('adminVoucher.fields.name'), dataIndex: 'name' },
    { title: t('adminVoucher.fields.code'), dataIndex: 'code' },
    { title: t('adminVoucher.fields.type'), dataIndex: 'type', render: (v: string) => t(`adminVoucherType.${v}`) },
    { title: t('adminVoucher.fields.value'), key: 'value', render: (_v, row) => voucherValue(row) },
    { title: t('adminVoucher.fields.get_period'), key: 'get', render: (_v, row) => `${row.get_start} – ${row.get_end}` },
    { title: t('adminVoucher.fields.use_period'), key: 'use', render: (_v, row) => `${row.use_start} – ${row.use_end}` },
    { title: t('adminVoucher.fields.used_quota'), key: 'quota', render: (_v, row) => `${row.used} / ${row.quota}` },
    {
      title: t('voucher.fields.status'),
      dataIndex: 'status',
      render: (s: string) => <StatusTag status={s} tone={statusTone(s)} label={t(`voucherStatus.${s}`)} />,
    },
    {
      title: '',
      key: 'actions',
      render: (_v, row) => (
        <Space>
          {row.actions.includes('APPROVE') && (
            <Button
              size="small"
              type="primary"
              data-testid={`voucher-approve-${row.code}`}
              loading={act.isPending}
              onClick={() => run(row, 'APPROVE')}
            >
              {t('approval.approve')}
            </Button>
          )}
          {row.actions.includes('CANCEL') && (
            <Button
              size="small"
              danger
              data-testid={`voucher-cancel-${row.code}`}
              loading={act.isPending}
              onClick={() => run(row, 'CANCEL')}
            >
              {t('adminVoucher.cancel')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<AdminVoucher, Filter>
        title={t('adminVoucher.title')}
        actions={addButton}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        filters={
          <>
            <ParamSearch
              params={SEARCH_BY.map((param) => ({ value: param, label: t(`search.by.${param}`) }))}
              texts={{ parameter: t('search.parameter'), placeholder: t('search.placeholder') }}
              value={{ searchBy: query.filters.search_by, q: query.filters.q }}
              onSearch={({ searchBy, q }) => query.setFilters({ search_by: searchBy, q })}
            />
            <Select
              data-testid="filter-status"
              allowClear
              style={{ minWidth: 150 }}
              placeholder={t('voucher.fields.status')}
              aria-label={t('voucher.fields.status')}
              value={query.filters.status}
              options={VOUCHER_STATUSES.map((s) => ({ value: s, label: t(`voucherStatus.${s}`) }))}
              onChange={(value?: string) => query.setFilters({ status: value })}
            />
            <Select
              data-testid="filter-type"
              allowClear
              style={{ minWidth: 150 }}
              placeholder={t('adminVoucher.fields.type')}
              aria-label={t('adminVoucher.fields.type')}
              value={query.filters.type}
              options={ADMIN_VOUCHER_TYPES.map((s) => ({ value: s, label: t(`adminVoucherType.${s}`) }))}
              onChange={(value?: string) => query.setFilters({ type: value })}
            />
          </>
        }
        empty={{ description: t('voucher.empty'), action: addButton }}
        minWidth={1100}
      />
      {list.data && list.data.items.some((v) => v.used > 0) && (
        <div style={{ marginTop: 16 }} data-testid="admin-voucher-uses">
          <h3>{t('used.title')}</h3>
          {list.data.items
            .filter((v) => v.used > 0)
            .map((v) => (
              <div key={v.id} style={{ marginBottom: 12 }}>
                <strong>{v.code}</strong>
                <VoucherUses voucherId={v.id} />
              </div>
            ))}
        </div>
      )}
    </>
  );
}
