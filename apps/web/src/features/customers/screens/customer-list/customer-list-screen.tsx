import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { Customer } from '@kelola/contracts/customers';
import { Button, Popconfirm, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { MoneyText } from '../../../../components/money-text.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useCustomerCategories, useCustomers, useDeleteCustomer, useExportCustomers } from '../../api/customers-api.ts';
import { CustomerImportModal } from '../../components/customer-import-modal.tsx';

const FILTERS = ['q', 'category_id'] as const;
type Filter = (typeof FILTERS)[number];

/** /customer-channel/:id/customer-list and customer-list-v2: customers with search and category filter. */
export function CustomerListScreen() {
  const { t } = useTranslation('customers');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = useCustomers(query.params);
  const categories = useCustomerCategories();
  const remove = useDeleteCustomer();
  const canWrite = useCan('customer-channel', 'WRITE');
  const formPath = (id?: string) =>
    withWorkspaceQuery(`${location.pathname.replace(/\/$/u, '')}/form${id ? `?id=${encodeURIComponent(id)}` : ''}`, location.search);

  const [importing, setImporting] = useState(false);
  const exporter = useExportCustomers();
  const exportList = () =>
    exporter.mutate(
      { q: query.filters.q, category_id: query.filters.category_id },
      {
        onSuccess: (record) => notifySuccess(t('export.started'), t('export.where', { file: record.file_name })),
        onError: notifyHttpError,
      },
    );

  const addButton = (
    <PermissionGate menuKey="customer-channel" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(formPath())}>
        {t('add')}
      </Button>
    </PermissionGate>
  );
  const actions = (
    <Space wrap>
      <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={exportList} data-testid="customer-export">
        {t('export.button')}
      </Button>
      <PermissionGate menuKey="customer-channel" action="WRITE">
        <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="customer-import-open">
          {t('import.button')}
        </Button>
      </PermissionGate>
      {addButton}
    </Space>
  );

  const columns: ListColumn<Customer>[] = [
    { title: t('fields.code'), dataIndex: 'code' },
    { title: t('fields.name'), dataIndex: 'name', render: (name: string, row) => <Link to={formPath(row.id)}>{name}</Link> },
    { title: t('fields.category'), dataIndex: 'category_name', render: (v: string | null) => v ?? '-' },
    { title: t('fields.phone'), dataIndex: 'phone', render: (v: string | null) => v ?? '-' },
    { title: t('fields.email'), dataIndex: 'email', render: (v: string | null) => v ?? '-' },
    { title: t('fields.credit_limit'), dataIndex: 'credit_limit', align: 'right', render: (v: number) => <MoneyText value={v} /> },
    {
      title: t('action'),
      key: 'action',
      fixed: 'right',
      render: (_v, row) =>
        canWrite ? (
          <Space>
            <Link to={formPath(row.id)} aria-label={`${t('edit')} ${row.name}`}>
              <EditOutlined />
            </Link>
            <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate(row.id, { onError: notifyHttpError })}>
              <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`${t('delete')} ${row.name}`} />
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<Customer, Filter>
        title={t('title')}
        actions={actions}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        search={{ filter: 'q', placeholder: t('search') }}
        filters={
          <Select
            data-testid="filter-category"
            allowClear
            style={{ minWidth: 200 }}
            placeholder={t('allCategories')}
            aria-label={t('fields.category')}
            value={query.filters.category_id}
            options={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(value?: string) => query.setFilters({ category_id: value })}
          />
        }
        empty={{ description: t('empty'), action: addButton }}
        minWidth={900}
      />
      <CustomerImportModal open={importing} onClose={() => setImporting(false)} />
    </>
  );
}
