import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Modal, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionGate } from '../../../components/permission-gate.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { notifyHttpError } from '../../../lib/notify.ts';
import { financeApi, useBanks, useFinanceMutation, usePaymentChannels, type PaymentChannel } from '../api/finance-api.ts';
import { textLimit } from '../../../components/text-limit.ts';

const METHODS = ['BANK_TRANSFER', 'CASH', 'QRIS', 'VIRTUAL_ACCOUNT'] as const;

/** /finance-channel/:id/payment-channel: the bank accounts and methods the merchant accepts payments by. */
export function PaymentChannelScreen() {
  const { t } = useTranslation('finance');
  const channels = usePaymentChannels();
  const banks = useBanks();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm();
  const method = Form.useWatch('method', form) as string | undefined;
  const save = useFinanceMutation(financeApi.saveChannel, () => {
    form.resetFields();
    setOpen(false);
  });
  const bankFields = method === 'BANK_TRANSFER' || method === 'VIRTUAL_ACCOUNT';
  return (
    <Card
      title={
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('channel.title')}
        </Typography.Title>
      }
      extra={
        <PermissionGate menuKey="finance-channel" action="WRITE">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
            {t('channel.add')}
          </Button>
        </PermissionGate>
      }
    >
      <Table<PaymentChannel>
        rowKey="id"
        loading={channels.isFetching}
        dataSource={channels.data?.items ?? []}
        pagination={false}
        locale={{ emptyText: t('channel.empty') }}
        columns={[
          { title: t('fields.method'), dataIndex: 'method', render: (v: string) => t(`methods.${v}`) },
          { title: t('fields.bank'), dataIndex: 'bank_name', render: (v: string | null) => v ?? '-' },
          { title: t('fields.accountNumber'), dataIndex: 'account_number', render: (v: string | null) => v ?? '-' },
          { title: t('fields.accountName'), dataIndex: 'account_name', render: (v: string | null) => v ?? '-' },
          {
            title: t('fields.status'),
            dataIndex: 'active',
            render: (v: boolean) => <Tag color={v ? 'green' : 'default'}>{v ? t('active') : t('inactive')}</Tag>,
          },
        ]}
      />
      <Modal
        open={open}
        title={t('channel.add')}
        onCancel={() => setOpen(false)}
        confirmLoading={save.isPending}
        destroyOnHidden
        onOk={() =>
          void form.validateFields().then(
            (v) => save.mutate(v, { onError: (e) => applyFieldErrors(form, e) || notifyHttpError(e) }),
            () => undefined, // the form shows what is missing on its fields
          )
        }
      >
        <Form form={form} layout="vertical" initialValues={{ method: 'BANK_TRANSFER' }}>
          <Form.Item name="method" label={t('fields.method')}>
            <Select options={METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))} />
          </Form.Item>
          {bankFields ? (
            <>
              <Form.Item name="bank_code" label={t('fields.bank')} rules={[{ required: true, message: t('required') }]}>
                <Select
                  data-testid="channel-bank"
                  showSearch={{ optionFilterProp: 'label' }}
                  options={(banks.data?.items ?? []).map((b) => ({ value: b.code, label: `${b.name} (${b.code})` }))}
                />
              </Form.Item>
              <Form.Item name="account_number" label={t('fields.accountNumber')} rules={[{ required: true, message: t('required') }]}>
                <Input inputMode="numeric" count={textLimit(20)} />
              </Form.Item>
              <Form.Item name="account_name" label={t('fields.accountName')} rules={[{ required: true, message: t('required') }]}>
                <Input count={textLimit(100)} />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </Card>
  );
}
