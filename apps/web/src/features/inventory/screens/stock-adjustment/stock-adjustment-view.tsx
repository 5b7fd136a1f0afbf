import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Adjustment } from '@kelola/contracts/inventory';
import { DateText } from '../../../../components/date-text.tsx';
import { DetailPage } from '../../../../components/detail-page.tsx';
import { DocumentQuantity } from '../../components/document-quantity.tsx';
import { DocumentStatusTag } from '../../components/document-status-tag.tsx';

type Item = Adjustment['items'][number] & { position: number };

/**
 * A stock adjustment read-only: a posted one (its stock available and after change are those at posting), or a draft
 * seen by a user without WRITE on stock-adjustment.
 */
export function StockAdjustmentView({ adjustment }: { adjustment: Adjustment }) {
  const { t } = useTranslation('stock-documents');
  const posted = adjustment.status === 'POSTED';
  return (
    <DetailPage
      title={t('adjustment.detailTitle', { number: adjustment.number })}
      description={posted ? t('adjustment.postedHint') : t('adjustment.draftReadOnly')}
      backTo="/inventory/stock-adjustment"
      items={[
        { key: 'number', label: t('columns.number'), value: adjustment.number },
        { key: 'date', label: t('columns.date'), value: <DateText value={adjustment.date} withTime={false} /> },
        { key: 'status', label: t('columns.status'), value: <DocumentStatusTag status={adjustment.status} /> },
        { key: 'type', label: t('columns.type'), value: t(`adjustmentType.${adjustment.type}`) },
        { key: 'warehouse', label: t('columns.warehouse'), value: adjustment.warehouse_name },
        { key: 'posted', label: t('columns.postedAt'), value: adjustment.posted_at ? <DateText value={adjustment.posted_at} /> : null },
        { key: 'note', label: t('columns.note'), value: adjustment.note },
      ]}
    >
      <Card title={t('adjustment.items', { count: adjustment.items.length })}>
        <Table<Item>
          rowKey="position"
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          dataSource={adjustment.items.map((item, index) => ({ ...item, position: index + 1 }))}
          columns={[
            { title: '#', dataIndex: 'position', width: 48 },
            { title: t('columns.sku'), dataIndex: 'sku', render: (sku: string) => <Typography.Text strong>{sku}</Typography.Text> },
            { title: t('columns.name'), dataIndex: 'name' },
            {
              title: t('columns.stockAvailable'),
              dataIndex: 'stock_available',
              align: 'right',
              render: (value: number) => <DocumentQuantity value={value} />,
            },
            {
              title: t('columns.change'),
              dataIndex: 'change',
              align: 'right',
              render: (value: number) => <DocumentQuantity value={value} signed />,
            },
            {
              title: t('columns.afterChange'),
              dataIndex: 'after_change',
              align: 'right',
              render: (value: number) => <DocumentQuantity value={value} />,
            },
          ]}
        />
      </Card>
    </DetailPage>
  );
}
