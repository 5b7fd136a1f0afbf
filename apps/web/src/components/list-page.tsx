import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Pagination, Result, Space, Table, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { ColumnType, SorterResult } from 'antd/es/table/interface';
import { useEffect, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/error-text.ts';
import { MOBILE_BELOW, useViewportWidth } from '../lib/viewport.ts';
import { RowCards } from './row-cards.tsx';
import type { ListQuery } from './use-list-query.ts';

/** Page sizes offered under a list (spec part 9: lists default to 10 per page). */
export const PAGE_SIZES = [10, 20, 50, 100];

export type ListColumn<T> = ColumnType<T> & {
  /** The API's sort field for this column (`name` sorts `name`/`-name`); the column is sortable when set. */
  sortField?: string;
  /** false: left out of the phone's card per row (a secondary figure); every column shows in the table. */
  card?: boolean;
};

export type BulkAction<T> = {
  key: string;
  label: ReactNode;
  danger?: boolean;
  /** Gets the selected row keys and the rows still on screen; the selection clears when it resolves. */
  onClick: (keys: Key[], rows: T[]) => void | Promise<unknown>;
};

export type ListPageProps<T extends object, F extends string> = {
  title: ReactNode;
  /** Buttons at the top right, e.g. an add button inside a PermissionGate. */
  actions?: ReactNode;
  query: ListQuery<F>;
  columns: ListColumn<T>[];
  rowKey: keyof T & string;
  /** The current page from the API: items plus the spec's total_row. */
  data: { items: T[]; total_row: number } | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** A search box bound to this filter of the query (e.g. `q`). */
  search?: { filter: F; placeholder: string };
  /** More filter controls, bound to `query.setFilters` by the screen. */
  filters?: ReactNode;
  bulkActions?: BulkAction<T>[];
  /** What an empty list says, and an action such as "add the first one". */
  empty?: { description: ReactNode; action?: ReactNode };
  /** URL filters that choose a view (a tab) rather than narrow it: they alone do not make an empty list "filtered". */
  viewFilters?: F[];
  /** The table's width before it scrolls sideways; cells wrap down to it (default: no wrapping). */
  minWidth?: number;
};

const hasFiltersOf = (filters: object, viewFilters: readonly string[] = []) =>
  Object.keys(filters).some((key) => !viewFilters.includes(key));

const toSortOrder = (sort: string | null, field: string) => (sort === field ? 'ascend' : sort === `-${field}` ? 'descend' : null);

/**
 * The list archetype (STYLE rule 8): a server-paged antd Table whose page, size, sort and filters live in the URL
 * (useListQuery), with the "per page of total" text, selection with bulk actions, and empty and error states.
 */
export function ListPage<T extends object, F extends string>(props: ListPageProps<T, F>) {
  const {
    title,
    actions,
    query,
    columns,
    rowKey,
    data,
    loading,
    error,
    onRetry,
    search,
    filters,
    bulkActions,
    empty,
    minWidth,
    viewFilters,
  } = props;
  const { t } = useTranslation('components');
  const [selected, setSelected] = useState<Key[]>([]);
  const [selectedRows, setSelectedRows] = useState<T[]>([]);
  const [running, setRunning] = useState<string | null>(null);

  // A new filter or sort shows other rows: a selection made before would act on rows no longer in view.
  const filterText = JSON.stringify([query.filters, query.sort]);
  useEffect(() => {
    setSelected([]);
    setSelectedRows([]);
  }, [filterText]);

  // Headings stay on one line (cells may wrap): a heading broken mid-word is hard to read.
  const tableColumns: ColumnType<T>[] = columns.map(({ sortField, card: _card, ...column }) => {
    const withHeading: ColumnType<T> = { onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }), ...column };
    return sortField
      ? {
          ...withHeading,
          key: sortField,
          sorter: true,
          sortOrder: toSortOrder(query.sort, sortField),
          sortDirections: ['ascend', 'descend'],
        }
      : withHeading;
  });

  // A page past the end (rows deleted, shared link) moves to the last page that exists.
  const lastPage = data ? Math.max(1, Math.ceil(data.total_row / query.size)) : null;
  const { page, setPage } = query;
  useEffect(() => {
    if (lastPage !== null && page > lastPage && data?.items.length === 0) setPage(lastPage, undefined, { replace: true });
  }, [lastPage, page, setPage, data]);

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const field = typeof one?.columnKey === 'string' ? one.columnKey : null;
      query.setSort(field && one?.order ? (one.order === 'descend' ? `-${field}` : field) : null);
    } else if (extra.action === 'paginate') {
      query.setPage(pagination.current ?? 1, pagination.pageSize);
    }
  };

  const runBulk = async (action: BulkAction<T>) => {
    setRunning(action.key);
    try {
      await action.onClick(selected, selectedRows);
      setSelected([]);
      setSelectedRows([]);
    } finally {
      setRunning(null);
    }
  };

  // A phone gets a card per row: a table there shows two columns and hides the rest off screen.
  const phone = useViewportWidth() < MOBILE_BELOW;
  const emptyNode = (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={hasFiltersOf(query.filters, viewFilters) ? t('list.noMatch') : (empty?.description ?? t('list.empty'))}
      data-testid="list-empty"
    >
      {hasFiltersOf(query.filters, viewFilters) ? <Button onClick={query.reset}>{t('list.resetFilters')}</Button> : empty?.action}
    </Empty>
  );
  const pagination = {
    current: query.page,
    pageSize: query.size,
    total: data?.total_row ?? 0,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total: number, range: [number, number]) => t('list.showTotal', { from: total === 0 ? 0 : range[0], to: range[1], total }),
    hideOnSinglePage: false,
  };

  const searchValue = search ? (query.filters[search.filter] ?? '') : '';
  const hasFilters = hasFiltersOf(query.filters, viewFilters);

  return (
    <Flex vertical gap={16} data-testid="list-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {title}
        </Typography.Title>
        {actions && <Space wrap>{actions}</Space>}
      </Flex>
      <Card styles={{ body: { padding: 16 } }}>
        <Flex vertical gap={16}>
          {(search || filters) && (
            <Flex gap={12} wrap align="center">
              {search && (
                <Input.Search
                  // Remounts when the URL changes (back button) so the box shows the query's value.
                  key={searchValue}
                  defaultValue={searchValue}
                  placeholder={search.placeholder}
                  aria-label={search.placeholder}
                  allowClear
                  enterButton
                  onSearch={(value) => query.setFilters({ [search.filter]: value } as Partial<Record<F, string>>)}
                  style={{ maxWidth: 360 }}
                />
              )}
              {filters}
              {hasFilters && (
                <Button type="link" onClick={query.reset}>
                  {t('list.resetFilters')}
                </Button>
              )}
            </Flex>
          )}
          {bulkActions && selected.length > 0 && (
            <Flex
              align="center"
              gap={12}
              wrap
              data-testid="bulk-bar"
              style={{ padding: '8px 12px', background: 'rgba(75, 124, 243, 0.08)', borderRadius: 6 }}
            >
              <Typography.Text strong>{t('list.selected', { count: selected.length })}</Typography.Text>
              {bulkActions.map((action) => (
                <Button
                  key={action.key}
                  danger={action.danger}
                  loading={running === action.key}
                  disabled={running !== null && running !== action.key}
                  onClick={() => void runBulk(action)}
                >
                  {action.label}
                </Button>
              ))}
              <Button
                type="link"
                onClick={() => {
                  setSelected([]);
                  setSelectedRows([]);
                }}
              >
                {t('list.clearSelection')}
              </Button>
            </Flex>
          )}
          {error && !loading ? (
            <Result
              status="warning"
              title={t('list.loadFailed')}
              subTitle={errorText(error)}
              extra={
                <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry}>
                  {t('list.retry')}
                </Button>
              }
              data-testid="list-error"
            />
          ) : phone ? (
            <Flex vertical gap={16}>
              <RowCards columns={columns} rows={data?.items ?? []} rowKey={rowKey} loading={loading} empty={emptyNode} />
              <Pagination {...pagination} size="small" align="center" onChange={(current, pageSize) => query.setPage(current, pageSize)} />
            </Flex>
          ) : (
            <Table<T>
              rowKey={rowKey}
              columns={tableColumns}
              dataSource={data?.items ?? []}
              loading={loading}
              onChange={onChange}
              scroll={{ x: minWidth ?? 'max-content' }}
              tableLayout="auto"
              rowSelection={
                bulkActions
                  ? {
                      selectedRowKeys: selected,
                      preserveSelectedRowKeys: true,
                      onChange: (keys, rows) => {
                        setSelected(keys);
                        setSelectedRows(rows.filter(Boolean));
                      },
                    }
                  : undefined
              }
              locale={{ emptyText: emptyNode }}
              pagination={pagination}
            />
          )}
        </Flex>
      </Card>
    </Flex>
  );
}
