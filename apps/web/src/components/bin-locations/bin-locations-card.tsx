import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { BinLocationInput } from '@kelola/contracts/documents';
import { Alert, App, Button, Card, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkuPicker } from '../sku-picker.tsx';
import { textLimit } from '../text-limit.ts';
import { useCan } from '../use-can.ts';
import { zodField } from '../zod-rules.ts';
import { errorText } from '../../lib/error-text.ts';
import { applyFieldErrors } from '../../lib/form-errors.ts';
import { useBinLocations, useSetBinLocations, type BinLocationItem } from './bin-location-api.ts';

/** The most SKUs put in one bin at a time. */
export const MAX_SKUS_PER_ASSIGN = 20;

type AssignValues = { location: string; skus: (string | undefined)[] };
type Editing = { mode: 'add' } | { mode: 'edit'; item: BinLocationItem };

/**
 * Bin locations of one warehouse (shown on /warehouse/update-warehouse/:id): where each SKU lies (rack / bin), so the
 * picking list walks the warehouse in order. Lists them by location, searches by bin or SKU, puts one or more SKUs
 * in a bin, moves a SKU to another bin and takes it out. Reading needs the inventory list, changing it WRITE.
 */
export function BinLocationsCard({ warehouseId }: { warehouseId: string }) {
  const { t } = useTranslation('warehouse');
  const { notification } = App.useApp();
  const canRead = useCan('list-inventory', 'READ');
  const canWrite = useCan('list-inventory', 'WRITE');
  const bins = useBinLocations(warehouseId, canRead);
  const save = useSetBinLocations(warehouseId);
  const [form] = Form.useForm<AssignValues>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [q, setQ] = useState('');

  const items = useMemo(() => {
    const all = bins.data?.items ?? [];
    const text = q.trim().toLowerCase();
    if (!text) return all;
    return all.filter(
      (b) => b.location.toLowerCase().includes(text) || b.sku.toLowerCase().includes(text) || b.name.toLowerCase().includes(text),
    );
  }, [bins.data, q]);
  const binCount = new Set((bins.data?.items ?? []).map((b) => b.location)).size;

  // The dialog's form mounts on each opening (destroyOnHidden) with these values: one empty SKU row to fill, or the
  // SKU being moved.
  const open = (next: Editing) => {
    save.reset();
    setEditing(next);
  };
  const initialValues: AssignValues | undefined = editing
    ? editing.mode === 'edit'
      ? { location: editing.item.location, skus: [editing.item.catalog_id] }
      : { location: '', skus: [undefined] }
    : undefined;
  // The form instance outlives the dialog: each opening starts from these values, not the last opening's.
  useEffect(() => {
    if (editing) form.resetFields();
  }, [editing, form]);

  if (!canRead) return null;

  const submit = async (values: AssignValues) => {
    const catalogIds = [...new Set(values.skus.filter((id): id is string => Boolean(id)))];
    const location = values.location.trim();
    try {
      await save.mutateAsync({ catalogIds, location });
      notification.success({ title: t('bins.saved', { count: catalogIds.length, location }), placement: 'topRight' });
      setEditing(null);
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  const remove = async (item: BinLocationItem) => {
    try {
      await save.mutateAsync({ catalogIds: [item.catalog_id], location: '' });
      notification.success({ title: t('bins.removed', { sku: item.sku }), placement: 'topRight' });
    } catch (error) {
      notification.error({ title: t('bins.failed'), description: errorText(error), placement: 'topRight' });
    }
  };

  const locationRules = zodField(BinLocationInput, 'location', t('bins.location'));

  return (
    <Card
      title={t('bins.title')}
      style={{ marginTop: 16 }}
      data-testid="bin-locations"
      extra={
        canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add' })} data-testid="bin-add">
            {t('bins.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('bins.description')}</Typography.Paragraph>
      <Flex gap={12} align="center" wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('bins.search')}
          style={{ maxWidth: 320 }}
          onSearch={setQ}
          onChange={(e) => setQ(e.target.value)}
          data-testid="bin-search"
        />
        <Typography.Text type="secondary" data-testid="bin-summary">
          {t('bins.summary', { bins: binCount, skus: bins.data?.items.length ?? 0 })}
        </Typography.Text>
      </Flex>
      {bins.error && <Alert type="error" showIcon title={errorText(bins.error)} style={{ marginBottom: 12 }} />}
      <Table<BinLocationItem>
        rowKey="catalog_id"
        size="small"
        loading={bins.isFetching}
        dataSource={items}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: t('bins.empty') }}
        columns={[
          { title: t('bins.location'), dataIndex: 'location', render: (v: string) => <Tag color="geekblue">{v}</Tag> },
          { title: t('bins.sku'), dataIndex: 'sku' },
          { title: t('bins.name'), dataIndex: 'name' },
          ...(canWrite
            ? [
                {
                  title: t('bins.actions'),
                  key: 'actions',
                  width: 120,
                  render: (_v: unknown, row: BinLocationItem) => (
                    <Flex gap={4}>
                      <Button
                        size="small"
                        icon={<EditOutlined />}
                        aria-label={t('bins.edit', { sku: row.sku })}
                        onClick={() => open({ mode: 'edit', item: row })}
                        data-testid={`bin-edit-${row.sku}`}
                      />
                      <Popconfirm
                        title={t('bins.removeConfirm', { sku: row.sku, location: row.location })}
                        okText={t('bins.removeOk')}
                        cancelText={t('bins.cancel')}
                        onConfirm={() => remove(row)}
                      >
                        <Button
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('bins.remove', { sku: row.sku })}
                          data-testid={`bin-remove-${row.sku}`}
                        />
                      </Popconfirm>
                    </Flex>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing?.mode === 'edit' ? t('bins.editTitle', { sku: editing.item.sku }) : t('bins.addTitle')}
        okText={t('bins.save')}
        cancelText={t('bins.cancel')}
        confirmLoading={save.isPending}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        data-testid="bin-modal"
      >
        <Form<AssignValues>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={(values) => void submit(values)}
          preserve={false}
        >
          <Form.Item
            name="location"
            label={t('bins.location')}
            required
            extra={t('bins.locationHint')}
            rules={[{ required: true, whitespace: true, message: t('bins.locationRequired') }, ...locationRules.rules]}
          >
            <Input count={textLimit(40)} placeholder={t('bins.locationPlaceholder')} data-testid="bin-location-input" />
          </Form.Item>
          <Form.List name="skus">
            {(fields, { add, remove: removeSku }) => (
              <>
                {fields.map((field, index) => (
                  <Flex key={field.key} gap={8} align="baseline">
                    <Form.Item
                      name={field.name}
                      label={index === 0 ? t('bins.skus') : undefined}
                      required={index === 0}
                      rules={[{ required: true, message: t('bins.skuRequired') }]}
                      style={{ flex: 1 }}
                    >
                      <SkuPicker
                        stockedOnly
                        disabled={editing?.mode === 'edit'}
                        selectedLabel={editing?.mode === 'edit' ? `${editing.item.sku} — ${editing.item.name}` : undefined}
                        data-testid={`bin-sku-${index}`}
                        style={{ width: '100%' }}
                      />
                    </Form.Item>
                    {fields.length > 1 && <MinusCircleOutlined aria-label={t('bins.removeSku')} onClick={() => removeSku(field.name)} />}
                  </Flex>
                ))}
                {editing?.mode === 'add' && fields.length < MAX_SKUS_PER_ASSIGN && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add(undefined)} block data-testid="bin-add-sku">
                    {t('bins.addSku')}
                  </Button>
                )}
              </>
            )}
          </Form.List>
          {save.error && <Alert type="error" showIcon title={errorText(save.error)} style={{ marginTop: 12 }} data-testid="bin-error" />}
        </Form>
      </Modal>
    </Card>
  );
}
