import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CustomerCategoryInput } from '@kelola/contracts/customers';
import { Button, Card, Flex, Form, Input, Modal, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../../components/use-can.ts';
import { zodField } from '../../../../components/zod-rules.ts';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../../lib/notify.ts';
import { useCategoryMutation, useCustomerCategories, type CustomerCategory } from '../../api/customers-api.ts';

/** /customer-channel/:id/customer-category: the categories with their customer count; add, rename and delete in place. */
export function CustomerCategoryScreen() {
  const { t } = useTranslation('customers');
  const categories = useCustomerCategories();
  const canWrite = useCan('customer-channel', 'WRITE');
  const [editing, setEditing] = useState<CustomerCategory | 'new' | null>(null);
  const [form] = Form.useForm<{ name: string; description?: string }>();
  const mutation = useCategoryMutation({ onSuccess: () => setEditing(null) });

  const open = (category: CustomerCategory | 'new') => {
    form.setFieldsValue(
      category === 'new' ? { name: '', description: '' } : { name: category.name, description: category.description ?? '' },
    );
    setEditing(category);
  };
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    mutation.mutate(
      { id: editing === 'new' || !editing ? null : editing.id, body: { name: values.name, description: values.description || null } },
      { onError: (error) => applyFieldErrors(form, error) || notifyHttpError(error) },
    );
  };

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('categories.title')}
        </Typography.Title>
        {canWrite && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')}>
            {t('categories.add')}
          </Button>
        )}
      </Flex>
      <Card>
        <Table<CustomerCategory>
          rowKey="id"
          loading={categories.isFetching}
          dataSource={categories.data?.items ?? []}
          pagination={false}
          columns={[
            { title: t('categories.name'), dataIndex: 'name' },
            { title: t('categories.description'), dataIndex: 'description', render: (v: string | null) => v ?? '-' },
            { title: t('categories.count'), dataIndex: 'customer_count', align: 'right' },
            {
              title: t('action'),
              key: 'action',
              render: (_v, row) =>
                canWrite ? (
                  <Space>
                    <Button
                      type="text"
                      size="small"
                      icon={<EditOutlined />}
                      aria-label={`${t('edit')} ${row.name}`}
                      onClick={() => open(row)}
                    />
                    <Popconfirm
                      title={t('deleteConfirm')}
                      onConfirm={() => mutation.mutate({ id: row.id, remove: true }, { onError: notifyHttpError })}
                    >
                      <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={`${t('delete')} ${row.name}`} />
                    </Popconfirm>
                  </Space>
                ) : null,
            },
          ]}
        />
      </Card>
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('categories.add') : t('categories.edit')}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        okText={t('save')}
        cancelText={t('cancel')}
        confirmLoading={mutation.isPending}
        forceRender
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label={t('categories.name')} {...zodField(CustomerCategoryInput, 'name')}>
            <Input />
          </Form.Item>
          <Form.Item name="description" label={t('categories.description')} {...zodField(CustomerCategoryInput, 'description')}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
