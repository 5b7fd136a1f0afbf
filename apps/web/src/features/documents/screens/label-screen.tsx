import { FileTextOutlined, PrinterOutlined, TagsOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { DateText } from '../../../components/date-text.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { useLabelOrders, usePrintStatus, type ExportKind, type OrderRow } from '../api/documents-api.ts';

/**
 * /fulfillment/label and /delivery-order/label: choose orders, then open their labels (bulk), picking list or packing
 * lists in the printable full page. Each order shows how often its label and picking list were printed.
 */
export function LabelScreen() {
  const { t } = useTranslation('documents');
  const location = useLocation();
  const kind: ExportKind = location.pathname.startsWith('/delivery-order') ? 'delivery-order' : 'fulfillment';
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const orders = useLabelOrders(kind, { page, size: 20, ...(q ? { q, search_by: 'order_number' } : {}) });
  const items = orders.data?.items ?? [];
  const prints = usePrintStatus(items.map((o) => o.id));
  const countOf = (id: string, what: string) => prints.data?.items.find((p) => p.order_id === id && p.kind === what)?.print_count ?? 0;

  const open = (path: string, extra = '') => {
    const target = withWorkspaceQuery(`${path}?order_ids=${selected.join(',')}${extra}`, location.search);
    window.open(target, '_blank', 'noopener');
  };

  return (
    <Card
      title={t(`label.title.${kind}`)}
      extra={
        <Flex gap={8} wrap>
          <Button
            type="primary"
            icon={<TagsOutlined />}
            disabled={selected.length === 0}
            onClick={() => open('/fulfillment/bulk-shipping-label')}
            data-testid="print-labels"
          >
            {t('label.printLabels', { count: selected.length })}
          </Button>
          <Button
            icon={<PrinterOutlined />}
            disabled={selected.length === 0}
            onClick={() => open('/fulfillment/bulk-picking-list')}
            data-testid="print-picking"
          >
            {t('label.printPicking')}
          </Button>
          <Button
            icon={<FileTextOutlined />}
            disabled={selected.length === 0}
            onClick={() => open('/fulfillment/bulk-picking-list', '&doc=packing')}
            data-testid="print-packing"
          >
            {t('label.printPacking')}
          </Button>
        </Flex>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('label.search')}
        style={{ maxWidth: 320, marginBottom: 12 }}
        onSearch={(value) => {
          setQ(value.trim());
          setPage(1);
        }}
      />
      {orders.error && <Typography.Text type="danger">{errorText(orders.error)}</Typography.Text>}
      <Table<OrderRow>
        rowKey="id"
        size="small"
        loading={orders.isFetching}
        dataSource={items}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), preserveSelectedRowKeys: true }}
        pagination={{ current: page, pageSize: 20, total: orders.data?.total_row ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: 900 }}
        columns={[
          { title: t('label.columns.order'), dataIndex: 'order_number' },
          { title: t('label.columns.date'), dataIndex: 'order_date', render: (v: string) => <DateText value={v} /> },
          { title: t('label.columns.buyer'), dataIndex: 'buyer_name', render: (v: string | null) => v ?? '-' },
          { title: t('label.columns.courier'), dataIndex: 'courier_name', render: (v: string | null) => v ?? '-' },
          { title: t('label.columns.receipt'), dataIndex: 'receipt_number', render: (v: string | null) => v ?? '-' },
          { title: t('label.columns.items'), dataIndex: 'total_item', align: 'right' },
          {
            title: t('label.columns.printed'),
            key: 'printed',
            render: (_v, row) => {
              const label = countOf(row.id, 'label');
              const picking = countOf(row.id, 'picking');
              return (
                <Flex gap={4} wrap>
                  {label > 0 ? (
                    <Badge count={label} size="small" color="blue" offset={[4, 0]}>
                      <Tag color="blue">{t('label.printedLabel')}</Tag>
                    </Badge>
                  ) : (
                    <Tag>{t('label.notPrinted')}</Tag>
                  )}
                  {picking > 0 && <Tag color="purple">{t('label.printedPicking', { count: picking })}</Tag>}
                </Flex>
              );
            },
          },
        ]}
      />
    </Card>
  );
}
