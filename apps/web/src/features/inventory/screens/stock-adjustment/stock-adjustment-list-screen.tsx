import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { DOCUMENT_SORTS } from '@kelola/contracts/inventory';
import { DateText } from '../../../../components/date-text.tsx';
import { ListPage, type ListColumn } from '../../../../components/list-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { useCan } from '../../../../components/use-can.ts';
import { useListQuery } from '../../../../components/use-list-query.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { useAdjustments, type AdjustmentRow } from '../../api/document-api.ts';
import { ADJUSTMENT_FILTERS, DocumentFilters, useDocumentQuery, type DocumentFilter } from '../../components/document-filters.tsx';
import { DocumentStatusTag } from '../../components/document-status-tag.tsx';

const DEFAULT_SORT: (typeof DOCUMENT_SORTS)[number] = '-date';

/** /inventory/stock-adjustment: number, date, type, warehouse, note and status; a row opens the adjustment. */
export function StockAdjustmentListScreen() {
  const { t } = useTranslation('stock-documents');
  const location = useLocation();
  const navigate = useNavigate();
  const query = useListQuery<DocumentFilter>({ filterKeys: ADJUSTMENT_FILTERS, defaultSort: DEFAULT_SORT });
  const { params, scope } = useDocumentQuery(query);
  const list = useAdjustments(params);
  const canWrite = useCan('stock-adjustment', 'WRITE');
  const link = (path: string) => withWorkspaceQuery(path, location.search);
  const openLink = (row: AdjustmentRow) => link(`/inventory/stock-adjustment/create?id=${encodeURIComponent(row.id)}`);

  const addButton = (
    <PermissionGate menuKey="stock-adjustment" action="WRITE">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(link('/inventory/stock-adjustment/create'))}>
        {t('adjustment.add')}
      </Button>
    </PermissionGate>
  );

  const columns: ListColumn<AdjustmentRow>[] = [
    {
      title: t('columns.number'),
      dataIndex: 'number',
      sortField: 'number',
      render: (number: string, row) => <Link to={openLink(row)}>{number}</Link>,
    },
    {
      title: t('columns.date'),
      dataIndex: 'date',
      sortField: 'date',
      render: (date: string) => <DateText value={date} withTime={false} />,
    },
    { title: t('columns.type'), dataIndex: 'type', render: (type: AdjustmentRow['type']) => t(`adjustmentType.${type}`) },
    { title: t('columns.warehouse'), dataIndex: 'warehouse_name' },
    {
      title: t('columns.note'),
      dataIndex: 'note',
      render: (note: string | null) =>
        note ? (
          <Typography.Text ellipsis={{ tooltip: note }} style={{ maxWidth: 280 }}>
            {note}
          </Typography.Text>
        ) : (
          '-'
        ),
    },
    { title: t('columns.status'), dataIndex: 'status', render: (status: AdjustmentRow['status']) => <DocumentStatusTag status={status} /> },
    {
      title: t('columns.action'),
      key: 'action',
      fixed: 'right',
      render: (_value, row) => (
        <Link to={openLink(row)} aria-label={`${t('actions.open')} ${row.number}`}>
          <EyeOutlined /> {row.status === 'DRAFT' && canWrite ? t('actions.edit') : t('actions.open')}
        </Link>
      ),
    },
  ];

  return (
    <ListPage<AdjustmentRow, DocumentFilter>
      title={t('adjustment.title')}
      actions={addButton}
      query={query}
      columns={columns}
      rowKey="id"
      data={list.data}
      loading={list.isFetching}
      error={list.error}
      onRetry={() => void list.refetch()}
      filters={<DocumentFilters query={query} scope={scope} withType />}
      empty={{ description: t('adjustment.empty'), action: addButton }}
      minWidth={900}
    />
  );
}
