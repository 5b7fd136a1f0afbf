import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { DISTRIBUTOR_CATEGORIES, DISTRIBUTOR_STATUSES, type Distributor } from '@kelola/contracts/distributors';
import { Button, Popconfirm, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { useDeleteDistributor, useDistributors } from '../../api/distributors-api.ts';
import { distributorFormLink } from '../../components/distributor-links.ts';
import { DistributorStatusTag } from '../../components/distributor-status-tag.tsx';

/** URL keys of the list's search and filters, sent to the API under the same names. */
export const DISTRIBUTOR_FILTERS = ['q', 'category', 'status'] as const;
type Filter = (typeof DISTRIBUTOR_FILTERS)[number];

const orDash = (value: string | null) => value ?? '-';

/**
 * /distributor-channel/:id/distributor-list: the channel's distributors, searched by code, name or phone and filtered
 * by category and status (all in the URL); add and edit open the distributor form (`add-distributor`, `?edit=<id>`),
 * delete after a confirmation. Writers only (WRITE on `distributor-channel`) see those buttons.
 */
export function DistributorListScreen() {
  const { t } = useTranslation('distributors');
  const { id: channelId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: DISTRIBUTOR_FILTERS });
  const list = useDistributors(channelId, query.params);
  const canWrite = useCan('distributor-channel', 'WRITE');
  const remove = useDeleteDistributor(channelId);

  const openForm = (editId?: string) => void navigate(distributorFormLink(channelId, location.search, editId));

  const addButton = (testId: string, label: string) =>
    canWrite ? (
      <Button type="primary" icon={<PlusOutlined />} data-testid={testId} onClick={() => openForm()}>
        {label}
      </Button>
    ) : undefined;

  const columns: ListColumn<Distributor>[] = [
    { title: t('columns.code'), dataIndex: 'code' },
    { title: t('columns.name'), dataIndex: 'name' },
    {
      title: t('columns.category'),
      dataIndex: 'category',
      render: (value: Distributor['category']) => t(`category.${value}`),
    },
    { title: t('columns.phone'), dataIndex: 'phone' },
    { title: t('columns.city'), dataIndex: 'city_name', render: orDash, card: false },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name', card: false },
    {
      title: t('columns.coverage'),
      dataIndex: 'coverage_area',
      card: false,
      render: (value: string) => (
        <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 240 }}>
          {value}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (value: Distributor['status']) => <DistributorStatusTag status={value} />,
    },
    ...(canWrite
      ? [
          {
            title: t('columns.action'),
            key: 'action',
            render: (_value: unknown, row: Distributor) => (
              <Space>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('editOne', { name: row.name })}
                  onClick={() => openForm(row.id)}
                />
                <Popconfirm
                  title={t('deleteTitle', { name: row.name })}
                  description={t('deleteBody')}
                  okText={t('actions.delete')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    remove.mutate(row.id, {
                      onSuccess: () => notifySuccess(t('deleted', { name: row.name })),
                      onError: notifyHttpError,
                    })
                  }
                >
                  <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('deleteOne', { name: row.name })} />
                </Popconfirm>
              </Space>
            ),
          } satisfies ListColumn<Distributor>,
        ]
      : []),
  ];

  return (
    <ListPage<Distributor, Filter>
      title={t('title')}
      actions={addButton('add-distributor', t('add'))}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      search={{ filter: 'q', placeholder: t('search') }}
      filters={
        <>
          <Select
            data-testid="filter-category"
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('filters.category')}
            aria-label={t('filters.category')}
            value={query.filters.category}
            options={DISTRIBUTOR_CATEGORIES.map((value) => ({ value, label: t(`category.${value}`) }))}
            onChange={(value?: string) => query.setFilters({ category: value })}
          />
          <Select
            data-testid="filter-status"
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('filters.status')}
            aria-label={t('filters.status')}
            value={query.filters.status}
            options={DISTRIBUTOR_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            onChange={(value?: string) => query.setFilters({ status: value })}
          />
        </>
      }
      empty={{ description: t('empty'), action: addButton('add-first-distributor', t('addFirst')) }}
      minWidth={1100}
    />
  );
}
