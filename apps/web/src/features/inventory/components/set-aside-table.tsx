import { SaveOutlined } from '@ant-design/icons';
import { App, Button, Empty, Flex, Form, InputNumber, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SetAsideInput, type AllocationView } from '@kelola/contracts/inventory';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useSaveSetAside } from '../api/allocation-api.ts';
import { quantityRule } from './document-rules.tsx';
import { QuantityText } from './quantity-text.tsx';

type SetAside = AllocationView['set_asides'][number];
type Props = { view: AllocationView; warehouseId: string; catalogId: string };

/**
 * The stock of one SKU in one warehouse set aside for each connected channel (PUT /api/inventory/set-asides): only
 * that channel's orders may reserve it, and the channel is told it on top of its share. Editors change one channel
 * at a time; a server error (not enough available stock) shows on that channel's field.
 */
export function SetAsideTable({ view, warehouseId, catalogId }: Props) {
  const { t } = useTranslation('stock-documents');
  const canWrite = useCan('stock-allocation', 'WRITE');
  return (
    <Flex vertical gap={8} data-testid="set-aside-table">
      <Typography.Text type="secondary">{t('allocation.setAside.description')}</Typography.Text>
      <Table<SetAside>
        rowKey="channel_id"
        size="small"
        pagination={false}
        dataSource={view.set_asides}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('allocation.noChannels')} /> }}
        columns={[
          { key: 'channel', title: t('allocation.channel'), dataIndex: 'channel_name' },
          {
            key: 'quantity',
            title: t('allocation.setAside.quantity'),
            render: (_v, row) =>
              canWrite ? <SetAsideForm row={row} warehouseId={warehouseId} catalogId={catalogId} /> : <QuantityText value={row.quantity} />,
          },
        ]}
      />
    </Flex>
  );
}

function SetAsideForm({ row, warehouseId, catalogId }: { row: SetAside; warehouseId: string; catalogId: string }) {
  const { t } = useTranslation('stock-documents');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ quantity: number | null }>();
  const quantity = Form.useWatch('quantity', form);
  const save = useSaveSetAside();
  const submit = async ({ quantity: value }: { quantity: number | null }) => {
    try {
      await save.mutateAsync({ warehouse_id: warehouseId, catalog_id: catalogId, channel_id: row.channel_id, quantity: Number(value) });
      message.success(t('allocation.setAside.saved', { channel: row.channel_name }));
    } catch (error) {
      if (!applyFieldErrors(form, error)) message.error(errorText(error));
    }
  };
  return (
    <Form form={form} layout="inline" initialValues={{ quantity: row.quantity }} onFinish={(values) => void submit(values)}>
      <Form.Item
        name="quantity"
        rules={[quantityRule(SetAsideInput.shape.quantity, t('allocation.valueInvalid'))]}
        style={{ marginInlineEnd: 8 }}
      >
        <InputNumber
          min={0}
          precision={0}
          addonAfter={t('allocation.units')}
          aria-label={t('allocation.setAside.quantityOf', { channel: row.channel_name })}
          data-testid={`set-aside-${row.channel_id}`}
          style={{ width: 160 }}
        />
      </Form.Item>
      <Button
        htmlType="submit"
        icon={<SaveOutlined />}
        loading={save.isPending}
        disabled={quantity === row.quantity}
        aria-label={t('allocation.setAside.saveOf', { channel: row.channel_name })}
      >
        {t('allocation.setAside.save')}
      </Button>
    </Form>
  );
}
