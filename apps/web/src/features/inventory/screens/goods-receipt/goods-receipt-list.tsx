import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DOCUMENT_SORTS } from '@kelola/contracts/inventory';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useGoodsReceipts, type GoodsReceiptRow } from '../../api/document-api.ts';
import { DocumentFilters, useDocumentQuery, RECEIPT_FILTERS, type DocumentFilter } from '../../components/document-filters.tsx';
import { DocumentQuantity } from '../../components/document-quantity.tsx';
import { DocumentStatusTag } from '../../components/document-status-tag.tsx';

const DEFAULT_SORT: (typeof DOCUMENT_SORTS)[number] = '-date';

/** The goods receipts: number, date, warehouse, supplier reference, total quantity and status; a row opens its detail. */
export function GoodsReceiptList() {
  const { t } = useTranslation('stock-documents');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<DocumentFilter>({ filterKeys: RECEIPT_FILTERS, defaultSort: DEFAULT_SORT });
  const { params, scope } = useDocumentQuery(query);
  const list = useGoodsReceipts(params);
  const link = (path: string) => withWorkspaceQuery(path, location.search);

  const addButton = (
    <PermissionGate menuKey="goods-receipt" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/inventory/goods-receipt/create'))}>
        {t('receipt.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<GoodsReceiptRow>[] = [
    {
      title: t('columns.number'),
      dataIndex: 'number',
      sortField: 'number',
      render: (number: string, row) => <Link to={link(`/inventory/goods-receipt?id=${encodeURIComponent(row.id)}`)}>{number}</Link>,
    },
    {
      title: t('columns.date'),
      dataIndex: 'date',
      sortField: 'date',
      render: (date: string) => <DateText value={date} withTime={false} />,
    },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name' },
    { title: t('columns.supplierReference'), dataIndex: 'supplier_reference', render: (value: string | null) => value || '-' },
    {
      title: t('columns.totalQuantity'),
      dataIndex: 'total_quantity',
      align: 'right',
      render: (value: number) => <DocumentQuantity value={value} />,
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      render: (status: GoodsReceiptRow['status']) => <DocumentStatusTag status={status} />,
    },
  ];

  return (
    <ListPage<GoodsReceiptRow, DocumentFilter>
      title={t('receipt.title')}
      actions={addButton}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      filters={<DocumentFilters query={query} scope={scope} />}
      empty={{ description: t('receipt.empty'), action: addButton }}
      minWidth={860}
    />
  );
}
