import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { Warehouse } from '@kelola/contracts/warehouses';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useWarehouses } from '../../../../lib/warehouses.ts';

const FILTERS = ['q'] as const;
const dash = (value: string | null) => value || '-';

/** /warehouse: the workspace's warehouses, searchable and sortable, filtered by the top bar's business. */
export function WarehouseListScreen() {
  const { t } = useTranslation('warehouse');
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useListQuery({ filterKeys: FILTERS, defaultSort: 'name' });
  const businessId = params.get('business_id');
  const list = useWarehouses(businessId ? { ...query.params, business_id: businessId } : query.params);
  const canWrite = useCan('warehouse', 'WRITE');
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const addButton = (
    <PermissionGate menuKey="warehouse" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/warehouse/add-warehouse'))}>
        {t('list.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<Warehouse>[] = [
    {
      title: t('columns.name'),
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, row) => (
        <Space size={6}>
          {canWrite ? <Link to={link(`/warehouse/update-warehouse/${row.id}`)}>{name}</Link> : <Typography.Text>{name}</Typography.Text>}
          {row.is_default && <Tag color="blue">{t('list.default')}</Tag>}
        </Space>
      ),
    },
    { title: t('columns.code'), dataIndex: 'code', sortField: 'code' },
    { title: t('columns.category'), dataIndex: 'category', render: dash },
    { title: t('columns.contact'), dataIndex: 'contact', render: dash },
    { title: t('columns.phone'), dataIndex: 'phone', render: dash, onCell: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { title: t('columns.city'), dataIndex: 'city_name', render: dash },
    { title: t('columns.business'), dataIndex: 'business_name', render: dash },
  ];
  if (canWrite) {
    columns.push({
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      width: 100,
      render: (_value, row) => (
        <Link to={link(`/warehouse/update-warehouse/${row.id}`)} aria-label={`${t('list.edit')} ${row.name}`}>
          <EditOutlined /> {t('list.edit')}
        </Link>
      ),
    });
  }

  return (
    <ListPage<Warehouse, (typeof FILTERS)[number]>
      title={t('list.title')}
      actions={addButton}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      search={{ filter: 'q', placeholder: t('list.search') }}
      empty={{ description: t('list.empty'), action: addButton }}
      minWidth={960}
    />
  );
}
