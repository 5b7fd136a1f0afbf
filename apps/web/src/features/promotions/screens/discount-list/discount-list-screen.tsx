import '../../../../lib/dayjs-language.ts';
import { PlusOutlined } from '@ant-design/icons';
import { DISCOUNT_SEARCH_PARAMS } from '@kelola/contracts/promotions';
import { DISCOUNT_STATUSES, DISCOUNT_TIERS } from '@kelola/domain';
import { Button, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { StatusTag } from '../../../../components/status-tag.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useDiscounts, type DiscountSummary } from '../../api/promotions-api.ts';
import { ParamSearch } from '../../../../components/param-search.tsx';
import { statusTone } from '../../components/status-tone.ts';

const FILTERS = ['status', 'tier', 'date_from', 'date_to', 'search_by', 'q', 'channel_id'] as const;
type Filter = (typeof FILTERS)[number];

/** /promotion-channel/:id/list and /discount: discount programmes with status, tier and period filters and a search. */
export function DiscountListScreen() {
  const { t } = useTranslation('promotions');
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS, defaultSize: 20 });
  const list = useDiscounts(query.params);
  const to = (path: string) => withWorkspaceQuery(`/promotion-channel/${encodeURIComponent(channelId)}${path}`, location.search);

  const addButton = (
    <PermissionGate menuKey="promotion-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} data-testid="discount-add" onClick={() => void navigate(to('/discount/add'))}>
        {t('discount.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<DiscountSummary>[] = [
    {
      title: t('discount.fields.program_name'),
      dataIndex: 'program_name',
      render: (name: string, row) => <Link to={to(`/edit/${encodeURIComponent(row.id)}`)}>{name}</Link>,
    },
    { title: t('discount.fields.tier'), dataIndex: 'tier', render: (v: string) => t(`tier.${v}`) },
    { title: t('discount.fields.period'), key: 'period', render: (_v, row) => `${row.start_date} – ${row.end_date}` },
    {
      title: t('discount.fields.value'),
      key: 'value',
      render: (_v, row) =>
        row.format === 'PERCENTAGE'
          ? `${row.value} %`
          : row.format === 'FIXED_AMOUNT'
            ? `Rp ${row.value.toLocaleString('id-ID')}`
            : `+${row.value}`,
    },
    {
      title: t('discount.fields.quota'),
      key: 'quota',
      render: (_v, row) => (row.quota === null ? t('unlimited') : `${row.quota_used} / ${row.quota}`),
    },
    { title: t('discount.fields.items'), dataIndex: 'item_count' },
    {
      title: t('discount.fields.status'),
      dataIndex: 'status',
      render: (status: string, row) => (
        <StatusTag
          status={status}
          tone={statusTone(status)}
          label={row.inactive_reason ? t(`inactive.${row.inactive_reason}`) : t(`status.${status}`)}
        />
      ),
    },
  ];

  return (
    <ListPage<DiscountSummary, Filter>
      title={t('discount.title')}
      actions={
        <>
          <PermissionGate menuKey="promotion-approval" action="READ">
            <Button data-testid="to-approval" onClick={() => void navigate(to('/approval'))} style={{ marginRight: 8 }}>
              {t('approval.title')}
            </Button>
          </PermissionGate>
          {addButton}
        </>
      }
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
            params={DISCOUNT_SEARCH_PARAMS.map((param) => ({ value: param, label: t(`search.by.${param}`) }))}
            texts={{ parameter: t('search.parameter'), placeholder: t('search.placeholder') }}
            value={{ searchBy: query.filters.search_by, q: query.filters.q }}
            onSearch={({ searchBy, q }) => query.setFilters({ search_by: searchBy, q })}
          />
          <Select
            data-testid="filter-status"
            allowClear
            style={{ minWidth: 170 }}
            placeholder={t('discount.fields.status')}
            aria-label={t('discount.fields.status')}
            value={query.filters.status}
            options={DISCOUNT_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ status: value })}
          />
          <Select
            data-testid="filter-tier"
            allowClear
            style={{ minWidth: 150 }}
            placeholder={t('discount.fields.tier')}
            aria-label={t('discount.fields.tier')}
            value={query.filters.tier}
            options={DISCOUNT_TIERS.map((s) => ({ value: s, label: t(`tier.${s}`) }))}
            onChange={(value?: string) => query.setFilters({ tier: value })}
          />
          <DatePicker.RangePicker
            data-testid="filter-period"
            aria-label={t('discount.fields.period')}
            value={query.filters.date_from && query.filters.date_to ? [dayjs(query.filters.date_from), dayjs(query.filters.date_to)] : null}
            onChange={(range) =>
              query.setFilters({ date_from: range?.[0]?.format('YYYY-MM-DD'), date_to: range?.[1]?.format('YYYY-MM-DD') })
            }
          />
        </>
      }
      empty={{ description: t('discount.empty'), action: addButton }}
      minWidth={900}
    />
  );
}
