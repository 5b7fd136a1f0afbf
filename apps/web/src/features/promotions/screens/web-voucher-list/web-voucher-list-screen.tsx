import { PlusOutlined } from '@ant-design/icons';
import { VOUCHER_SEARCH_PARAMS, type WebVoucher } from '@kelola/contracts/promotions';
import { VOUCHER_STATUSES, WEB_VOUCHER_TYPE_IDS } from '@kelola/domain';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useWebVouchers } from '../../api/promotions-api.ts';
import { ParamSearch } from '../../../../components/param-search.tsx';
import { statusTone } from '../../components/status-tone.ts';

const FILTERS = ['status', 'type_id', 'search_by', 'q'] as const;
type Filter = (typeof FILTERS)[number];

/** /web-voucher/:id (named promotion-channel.web-voucher): code, type, channel, available/booked, status; page 1, limit 20 (spec part 9). */
export function WebVoucherListScreen() {
  const { t } = useTranslation('promotions');
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSize: 20 });
  const { size, ...rest } = query.params;
  const list = useWebVouchers({ ...rest, limit: size ?? 20, channel_id: channelId });
  const to = (path: string) => withWorkspaceQuery(`/web-voucher/${encodeURIComponent(channelId)}${path}`, location.search);

  const addButton = (
    <PermissionGate menuKey="web-store" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} data-testid="voucher-add" onClick={() => void navigate(to('/add-voucher'))}>
        {t('voucher.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<WebVoucher>[] = [
    {
      title: t('voucher.fields.voucher_code'),
      dataIndex: 'voucher_code',
      render: (code: string, row) => (
        <Link to={`${to('/detail-voucher')}${to('').includes('?') ? '&' : '?'}voucher=${encodeURIComponent(row.id)}`}>{code}</Link>
      ),
    },
    { title: t('voucher.fields.type_id'), dataIndex: 'type_id', render: (v: number) => t(`voucherType.${v}`) },
    { title: t('voucher.fields.channel'), dataIndex: 'channel_id', render: () => t('voucher.webStore') },
    { title: t('voucher.fields.available_booked'), key: 'available', render: (_v, row) => `${row.available} / ${row.booked}` },
    {
      title: t('voucher.fields.status'),
      dataIndex: 'status',
      render: (s: string) => <StatusTag status={s} tone={statusTone(s)} label={t(`voucherStatus.${s}`)} />,
    },
  ];

  return (
    <ListPage<WebVoucher, Filter>
      title={t('voucher.title')}
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
            params={VOUCHER_SEARCH_PARAMS.map((param) => ({ value: param, label: t(`search.by.${param}`) }))}
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
            placeholder={t('voucher.fields.type_id')}
            aria-label={t('voucher.fields.type_id')}
            value={query.filters.type_id}
            options={WEB_VOUCHER_TYPE_IDS.map((s) => ({ value: String(s), label: t(`voucherType.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ type_id: value })}
          />
        </>
      }
      empty={{ description: t('voucher.empty'), action: addButton }}
      minWidth={800}
    />
  );
}
