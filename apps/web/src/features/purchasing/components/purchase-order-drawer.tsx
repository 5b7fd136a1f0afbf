import { CloseCircleOutlined, InboxOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { PurchaseOrder } from '@kelola/contracts/purchasing';
import { App, Button, Descriptions, Drawer, Flex, Result, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { MoneyText } from '../../../components/money-text.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { notifyHttpError, notifySuccess } from '../../../lib/notify.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { usePurchaseOrder, usePurchaseOrderAction, type PurchaseOrderLine } from '../api/purchasing-api.ts';
import { PurchaseOrderStatusTag } from './purchase-order-status-tag.tsx';
import { ReceiveModal } from './receive-modal.tsx';

type Receipt = PurchaseOrder['receipts'][number];

type Props = { orderId: string | null; onClose: () => void };

/**
 * One purchase order (`?id=<uuid>` on the list): its header, lines, the goods receipts its deliveries posted and its
 * notes, with the actions its status allows: receive goods (CREATED, PARTIAL_RECEIVED), close the rest
 * (PARTIAL_RECEIVED) and cancel (CREATED).
 */
export function PurchaseOrderDrawer({ orderId, onClose }: Props) {
  const { t } = useTranslation('purchasing');
  const { modal } = App.useApp();
  const location = useLocation();
  const order = usePurchaseOrder(orderId);
  const canWrite = useCan('purchase-order', 'WRITE');
  const [receiving, setReceiving] = useState<PurchaseOrder | null>(null);
  const action = usePurchaseOrderAction();
  const data = order.data;

  const confirm = (kind: 'close' | 'cancel', current: PurchaseOrder) =>
    modal.confirm({
      title: t(`${kind}.title`, { number: current.number }),
      content: t(`${kind}.body`),
      okText: t(`${kind}.ok`),
      cancelText: t('actions.back'),
      okButtonProps: { danger: true },
      onOk: () =>
        action.mutateAsync({ kind, id: current.id }).then(
          () => notifySuccess(t(`${kind}.done`, { number: current.number })),
          (error: unknown) => notifyHttpError(error),
        ),
    });

  const lineColumns = [
    { title: t('lines.sku'), dataIndex: 'sku', key: 'sku' },
    { title: t('lines.name'), dataIndex: 'name', key: 'name' },
    { title: t('lines.ordered'), dataIndex: 'quantity', key: 'quantity', align: 'right' as const },
    { title: t('lines.received'), dataIndex: 'received_quantity', key: 'received', align: 'right' as const },
    {
      title: t('lines.unitCost'),
      dataIndex: 'unit_cost',
      key: 'unit_cost',
      align: 'right' as const,
      render: (value: number) => <MoneyText value={value} />,
    },
    {
      title: t('lines.total'),
      dataIndex: 'total',
      key: 'total',
      align: 'right' as const,
      render: (value: number) => <MoneyText value={value} />,
    },
  ];
  const receiptColumns = [
    {
      title: t('detail.receiptNumber'),
      dataIndex: 'number',
      key: 'number',
      render: (number: string, receipt: Receipt) => (
        <Link to={withWorkspaceQuery(`/inventory/goods-receipt?id=${encodeURIComponent(receipt.id)}`, location.search)}>{number}</Link>
      ),
    },
    {
      title: t('detail.receiptDate'),
      dataIndex: 'date',
      key: 'date',
      render: (value: string) => <DateText value={value} withTime={false} />,
    },
    { title: t('detail.receiptQuantity'), dataIndex: 'total_quantity', key: 'quantity', align: 'right' as const },
  ];

  let body;
  if (order.isLoading) body = <PageLoader />;
  else if (order.error || !data)
    body = (
      <Result
        status="warning"
        title={t('detail.loadFailed')}
        subTitle={errorText(order.error)}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void order.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );
  else {
    const open = data.status === 'CREATED' || data.status === 'PARTIAL_RECEIVED';
    body = (
      <Flex vertical gap={16}>
        {canWrite && open && (
          <Space wrap data-testid="po-actions">
            <Button type="primary" icon={<InboxOutlined />} data-testid="po-receive" onClick={() => setReceiving(data)}>
              {t('actions.receive')}
            </Button>
            {data.status === 'PARTIAL_RECEIVED' && (
              <Button icon={<StopOutlined />} data-testid="po-close" loading={action.isPending} onClick={() => confirm('close', data)}>
                {t('actions.close')}
              </Button>
            )}
            {data.status === 'CREATED' && (
              <Button
                danger
                icon={<CloseCircleOutlined />}
                data-testid="po-cancel"
                loading={action.isPending}
                onClick={() => confirm('cancel', data)}
              >
                {t('actions.cancelOrder')}
              </Button>
            )}
          </Space>
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered data-testid="po-header">
          <Descriptions.Item label={t('columns.number')}>{data.number}</Descriptions.Item>
          <Descriptions.Item label={t('columns.status')}>
            <PurchaseOrderStatusTag status={data.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.supplier')}>{data.supplier_name}</Descriptions.Item>
          <Descriptions.Item label={t('columns.warehouse')}>{data.warehouse_name}</Descriptions.Item>
          <Descriptions.Item label={t('columns.orderDate')}>
            <DateText value={data.order_date} withTime={false} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.expectedDate')}>
            <DateText value={data.expected_date} withTime={false} />
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.received')}>
            <span data-testid="po-received">{t('receivedOf', { received: data.received_quantity, total: data.total_quantity })}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('columns.total')}>
            <strong>
              <MoneyText value={data.total} />
            </strong>
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.lines')}
        </Typography.Title>
        <Table<PurchaseOrderLine>
          rowKey="id"
          size="small"
          pagination={false}
          columns={lineColumns}
          dataSource={data.lines}
          scroll={{ x: 'max-content' }}
          data-testid="po-lines"
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.receipts')}
        </Typography.Title>
        <Table<Receipt>
          rowKey="id"
          size="small"
          pagination={false}
          columns={receiptColumns}
          dataSource={data.receipts}
          locale={{ emptyText: t('detail.noReceipts') }}
          data-testid="po-receipts"
        />
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('detail.notes')}
        </Typography.Title>
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }} type={data.notes ? undefined : 'secondary'}>
          {data.notes ?? '-'}
        </Typography.Paragraph>
      </Flex>
    );
  }

  return (
    <Drawer
      open={Boolean(orderId)}
      onClose={onClose}
      size={820}
      title={data ? t('detail.title', { number: data.number }) : t('detail.titleLoading')}
      data-testid="po-drawer"
      destroyOnHidden
    >
      {body}
      <ReceiveModal order={receiving} onClose={() => setReceiving(null)} />
    </Drawer>
  );
}
