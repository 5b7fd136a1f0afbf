import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Supplier } from '@kelola/contracts/purchasing';
import { Button, Popconfirm, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { notifyHttpError, notifySuccess } from '../../../../lib/notify.ts';
import { useSupplierMutation, useSuppliers } from '../../api/purchasing-api.ts';
import { SupplierFormModal } from '../../components/supplier-form-modal.tsx';

const FILTERS = ['q'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * /supplier/list: the suppliers with their purchase order count, searched by name, code, contact or phone; add and
 * edit in a dialog, delete after a confirmation (a supplier named by purchase orders stays: SUPPLIER_IN_USE).
 */
export function SupplierListScreen() {
  const { t } = useTranslation('purchasing');
  const query = useListQuery<Filter>({ filterKeys: FILTERS });
  const list = useSuppliers(query.params);
  const canWrite = useCan('supplier', 'WRITE');
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const remove = useSupplierMutation({ onSuccess: () => notifySuccess(t('supplier.deleted')) });

  const addButton = (testId: string, label: string) =>
    canWrite ? (
      <Button type="primary" icon={<PlusOutlined />} data-testid={testId} onClick={() => setEditing('new')}>
        {label}
      </Button>
    ) : undefined;

  const columns: ListColumn<Supplier>[] = [
    { title: t('supplier.columns.name'), dataIndex: 'name' },
    { title: t('supplier.columns.code'), dataIndex: 'code', render: (value: string | null) => value ?? '-' },
    { title: t('supplier.columns.contact'), dataIndex: 'contact_name', render: (value: string | null) => value ?? '-' },
    { title: t('supplier.columns.phone'), dataIndex: 'phone', render: (value: string | null) => value ?? '-', card: false },
    { title: t('supplier.columns.email'), dataIndex: 'email', render: (value: string | null) => value ?? '-', card: false },
    { title: t('supplier.columns.paymentTerm'), dataIndex: 'payment_term_days', align: 'right' },
    { title: t('supplier.columns.orders'), dataIndex: 'purchase_order_count', align: 'right' },
    ...(canWrite
      ? [
          {
            title: t('supplier.columns.action'),
            key: 'action',
            render: (_value: unknown, row: Supplier) => (
              <Space>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('supplier.editOne', { name: row.name })}
                  onClick={() => setEditing(row)}
                />
                <Popconfirm
                  title={t('supplier.deleteTitle', { name: row.name })}
                  description={t('supplier.deleteBody')}
                  okText={t('actions.delete')}
                  cancelText={t('actions.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove.mutate({ id: row.id, remove: true }, { onError: notifyHttpError })}
                >
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    aria-label={t('supplier.deleteOne', { name: row.name })}
                  />
                </Popconfirm>
              </Space>
            ),
          } satisfies ListColumn<Supplier>,
        ]
      : []),
  ];

  return (
    <>
      <ListPage<Supplier, Filter>
        title={t('supplier.title')}
        actions={addButton('add-supplier', t('supplier.add'))}
        query={query}
        columns={columns}
        rowKey="id"
        data={list.data}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        search={{ filter: 'q', placeholder: t('supplier.search') }}
        empty={{ description: t('supplier.empty'), action: addButton('add-first-supplier', t('supplier.addFirst')) }}
        minWidth={900}
      />
      <SupplierFormModal supplier={editing} onClose={() => setEditing(null)} />
    </>
  );
}
