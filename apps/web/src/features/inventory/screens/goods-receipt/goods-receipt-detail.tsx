import { CheckCircleOutlined } from '@ant-design/icons';
import { App, Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GoodsReceipt } from '@kelola/contracts/inventory';
import { DateText } from '../../../../components/date-text.tsx';
import { DetailPage } from '../../../../components/detail-page.tsx';
import { PermissionGate } from '../../../../components/permission-gate.tsx';
import { errorText } from '../../../../lib/error-text.ts';
import { useGoodsReceipt, usePostGoodsReceipt } from '../../api/document-api.ts';
import { DocumentQuantity } from '../../components/document-quantity.tsx';
import { DocumentStatusTag } from '../../components/document-status-tag.tsx';

type Line = GoodsReceipt['lines'][number] & { position: number };

/** One goods receipt (`?id=`): its header and lines; a draft can be posted (adds its stock) after a confirmation. */
export function GoodsReceiptDetail({ id }: { id: string }) {
  const { t } = useTranslation('stock-documents');
  const { modal, notification } = App.useApp();
  const receipt = useGoodsReceipt(id);
  const post = usePostGoodsReceipt({
    onSuccess: (posted) => notification.success({ title: t('receipt.posted', { number: posted.number }), placement: 'topRight' }),
  });
  const data = receipt.data;

  const confirmPost = () => {
    if (!data) return;
    modal.confirm({
      title: t('receipt.postTitle', { number: data.number }),
      content: t('receipt.postBody', { warehouse: data.warehouse_name }),
      okText: t('actions.post'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        try {
          await post.mutateAsync(data.id);
        } catch (error) {
          notification.error({ title: t('receipt.postFailed'), description: errorText(error), placement: 'topRight' });
        }
      },
    });
  };

  const actions =
    data?.status === 'DRAFT' ? (
      <PermissionGate menuKey="goods-receipt" action="WRITE">
        <Button type="primary" icon={<CheckCircleOutlined />} loading={post.isPending} onClick={confirmPost}>
          {t('actions.post')}
        </Button>
      </PermissionGate>
    ) : null;

  return (
    <DetailPage
      title={data ? t('receipt.detailTitle', { number: data.number }) : t('receipt.title')}
      description={data?.status === 'DRAFT' ? t('receipt.draftHint') : undefined}
      backTo="/inventory/goods-receipt"
      actions={actions}
      loading={receipt.isLoading}
      error={receipt.error}
      onRetry={() => void receipt.refetch()}
      items={
        data && [
          { key: 'number', label: t('columns.number'), value: data.number },
          { key: 'date', label: t('columns.date'), value: <DateText value={data.date} withTime={false} /> },
          { key: 'status', label: t('columns.status'), value: <DocumentStatusTag status={data.status} /> },
          { key: 'warehouse', label: t('columns.warehouse'), value: data.warehouse_name },
          { key: 'supplier', label: t('columns.supplierReference'), value: data.supplier_reference },
          { key: 'total', label: t('columns.totalQuantity'), value: <DocumentQuantity value={data.total_quantity} /> },
          { key: 'created', label: t('columns.createdAt'), value: <DateText value={data.created_at} /> },
          { key: 'posted', label: t('columns.postedAt'), value: data.posted_at ? <DateText value={data.posted_at} /> : null },
          { key: 'note', label: t('columns.note'), value: data.note },
        ]
      }
    >
      {data && (
        <Card title={t('receipt.lines', { count: data.lines.length })}>
          <Table<Line>
            rowKey="position"
            pagination={false}
            size="middle"
            dataSource={data.lines.map((line, index) => ({ ...line, position: index + 1 }))}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: '#', dataIndex: 'position', width: 48 },
              { title: t('columns.sku'), dataIndex: 'sku', render: (sku: string) => <Typography.Text strong>{sku}</Typography.Text> },
              { title: t('columns.name'), dataIndex: 'name' },
              {
                title: t('columns.quantity'),
                dataIndex: 'quantity',
                align: 'right',
                render: (value: number) => <DocumentQuantity value={value} />,
              },
              { title: t('columns.unit'), key: 'unit', render: () => t('fields.baseUnit') },
            ]}
          />
        </Card>
      )}
    </DetailPage>
  );
}
