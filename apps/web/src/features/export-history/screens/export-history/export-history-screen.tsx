import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Flex, Select, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { StatusTag, type StatusTone } from '../../../../components/status-tag.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { errorText } from '../../../../lib/error-text.ts';
import { downloadExport, fileSizeText, useExportHistory, useRetryExport, type ExportRecord } from '../../api/export-history-api.ts';

const FILTERS = ['type'] as const;
const TYPES = ['PRODUCT', 'INVENTORY', 'ORDER', 'FULFILLMENT_ORDERS', 'DELIVERY_ORDERS', 'CUSTOMER'] as const;
/** Spec part 4: done, failed, retry; and processing while the job runs. */
const TONES: Record<ExportRecord['status'], StatusTone> = { DONE: 'success', FAILED: 'error', RETRY: 'warning', PROCESSING: 'processing' };

/** One filter of an export as "label: value" (a period as from – to), in the user's language. */
function FilterTags({ filters }: { filters: ExportRecord['filters'] }) {
  const { t, i18n } = useTranslation('export-history');
  const entries = Object.entries(filters);
  if (entries.length === 0) return <Typography.Text type="secondary">{t('filters.none')}</Typography.Text>;
  const label = (key: string) => (i18n.exists(`export-history:filters.${key}`) ? t(`filters.${key}`) : key);
  const value = (key: string, raw: string | number | boolean) => {
    const text = String(raw);
    if (key.endsWith('_id')) return t('filters.chosen');
    return i18n.exists(`export-history:values.${text}`) ? t(`values.${text}`) : text;
  };
  const { from, to, start_date: start, end_date: end, ...rest } = filters;
  const periodFrom = from ?? start;
  const periodTo = to ?? end;
  return (
    <Flex wrap gap={4}>
      {(periodFrom !== undefined || periodTo !== undefined) && (
        <Tag>
          {t('filters.period')}: <DateText value={periodFrom === undefined ? null : String(periodFrom)} withTime={false} /> –{' '}
          <DateText value={periodTo === undefined ? null : String(periodTo)} withTime={false} />
        </Tag>
      )}
      {Object.entries(rest).map(([key, raw]) => (
        <Tag key={key}>
          {label(key)}: {value(key, raw)}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * /export-history: every export of the workspace (products, inventory, and later orders), newest first, with its
 * filters, requester, status (spec part 4: done, failed, retry; processing meanwhile), row count and file. Page, size and
 * type live in the URL; the page refreshes itself while an export on it is still being made.
 */
export function ExportHistoryScreen() {
  const { t } = useTranslation('export-history');
  const { message } = App.useApp();
  const query = useListQuery<(typeof FILTERS)[number]>({ filterKeys: FILTERS });
  const list = useExportHistory(query.params);
  const [downloading, setDownloading] = useState<string | null>(null);
  const retry = useRetryExport();

  const download = (record: ExportRecord) => {
    setDownloading(record.id);
    downloadExport(record)
      .catch((error: unknown) => message.error(errorText(error)))
      .finally(() => setDownloading(null));
  };

  const columns: ListColumn<ExportRecord>[] = [
    { title: t('columns.type'), dataIndex: 'type', render: (type: string) => t(`types.${type}`, { defaultValue: type }) },
    { title: t('columns.fileName'), dataIndex: 'file_name', render: (name: string) => <Typography.Text>{name}</Typography.Text> },
    { title: t('columns.filters'), dataIndex: 'filters', render: (filters: ExportRecord['filters']) => <FilterTags filters={filters} /> },
    {
      title: t('columns.requestedBy'),
      dataIndex: 'requested_by_name',
      render: (name: string | null) => name ?? '-',
    },
    { title: t('columns.createdAt'), dataIndex: 'created_at', render: (value: string) => <DateText value={value} /> },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: ExportRecord['status'], row) => {
        const label = status === 'PROCESSING' && row.progress > 0 ? `${t(`status.${status}`)} ${row.progress}%` : t(`status.${status}`);
        const tag = <StatusTag status={status} label={label} tone={TONES[status]} />;
        return row.error && status !== 'DONE' ? <Tooltip title={row.error}>{tag}</Tooltip> : tag;
      },
    },
    {
      title: t('columns.rows'),
      dataIndex: 'row_count',
      align: 'right',
      render: (count: number, row) => (row.status === 'DONE' ? count.toLocaleString('id-ID') : '-'),
    },
    {
      title: t('columns.size'),
      dataIndex: 'file_size',
      align: 'right',
      render: (size: number | null, row) => (row.status === 'DONE' ? fileSizeText(size) : '-'),
    },
    {
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      width: 130,
      render: (_value, row) =>
        row.status === 'DONE' ? (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            loading={downloading === row.id}
            onClick={() => download(row)}
            aria-label={`${t('download')} ${row.file_name}`}
          >
            {t('download')}
          </Button>
        ) : row.status === 'FAILED' ? (
          <Button
            size="small"
            icon={<ReloadOutlined />}
            loading={retry.isPending && retry.variables === row.id}
            onClick={() => retry.mutate(row.id, { onError: (error) => void message.error(errorText(error)) })}
            aria-label={`${t('retry')} ${row.file_name}`}
          >
            {t('retry')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t(`pending.${row.status}`)}</Typography.Text>
        ),
    },
  ];

  return (
    <ListPage<ExportRecord, (typeof FILTERS)[number]>
      title={t('title')}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      filters={
        <Select
          data-testid="filter-type"
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('filters.allTypes')}
          aria-label={t('columns.type')}
          value={query.filters.type}
          options={TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          onChange={(type?: string) => query.setFilters({ type })}
        />
      }
      empty={{ description: t('empty') }}
      minWidth={1080}
    />
  );
}
