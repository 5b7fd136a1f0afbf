import '../../../lib/dayjs-language.ts';
import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, DatePicker, Flex, Form, Input, Modal, Progress, Result, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { downloadOrderExport, useOrderExport, useStartOrderExport, type ExportKind, type OrderExportBody } from '../api/documents-api.ts';
import { textLimit } from '../../../components/text-limit.ts';

type FormValues = {
  period?: [Dayjs, Dayjs] | null;
  format: 'xlsx' | 'csv';
  courier?: string;
  payment_status?: string;
  printed?: 'printed' | 'not_printed';
};

/** At most 3 months (spec part 5 and 9): the same day three months on. */
const tooLong = (period: [Dayjs, Dayjs]) => period[1].isAfter(period[0].add(3, 'month'), 'day');

/**
 * /fulfillment/export and /delivery-order/export: the period is required ('Harap isi periode pesanan') and spans at
 * most 3 months; the list's filters narrow it. The job runs in the background: a waiting modal ("about 2 minutes")
 * shows its percent, a banner stays while it runs, and the file is in the export history when done.
 */
export function OrderExportScreen() {
  const { t } = useTranslation('documents');
  const { notification } = App.useApp();
  const location = useLocation();
  const navigate = useNavigate();
  const kind: ExportKind = location.pathname.startsWith('/delivery-order') ? 'delivery-order' : 'fulfillment';
  const canSeeHistory = useCan('export-history', 'READ');
  const [form] = Form.useForm<FormValues>();
  const [exportId, setExportId] = useState<string | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const start = useStartOrderExport(kind, (record) => {
    setExportId(record.id);
    setModalOpen(true);
  });
  const record = useOrderExport(kind, exportId);
  const status = record.data?.status;
  const running = exportId !== null && status !== 'DONE' && status !== 'FAILED';

  const submit = (values: FormValues) => {
    const [from, to] = values.period ?? [];
    const body: OrderExportBody = {
      date_from: from?.format('YYYY-MM-DD'),
      date_to: to?.format('YYYY-MM-DD'),
      format: values.format,
      ...(values.courier ? { courier: values.courier } : {}),
      ...(values.payment_status ? { payment_status: values.payment_status } : {}),
      ...(values.printed ? { printed: values.printed } : {}),
    };
    start.mutate(body);
  };

  const download = () => {
    if (!record.data) return;
    downloadOrderExport(kind, record.data).catch((error: unknown) =>
      notification.error({ title: t('export.failed'), description: errorText(error), placement: 'topRight' }),
    );
  };

  let body;
  if (status === 'DONE' && record.data)
    body = (
      <Result
        status="success"
        title={t('export.done')}
        subTitle={t('export.doneBody', { count: record.data.row_count, file: record.data.file_name })}
        extra={
          <Button type="primary" icon={<DownloadOutlined />} onClick={download} data-testid="download-export">
            {t('export.download')}
          </Button>
        }
      />
    );
  else if (status === 'FAILED') body = <Result status="error" title={t('export.failed')} subTitle={record.data?.error ?? undefined} />;
  else
    body = (
      <Flex vertical align="center" gap={12} style={{ padding: '16px 0' }} data-testid="export-waiting">
        <Progress type="circle" percent={record.data?.progress ?? 0} />
        <Typography.Text strong>{t('export.waiting')}</Typography.Text>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('export.estimate')}
        </Typography.Text>
        {status === 'RETRY' && <Alert type="info" showIcon title={t('export.retrying')} />}
      </Flex>
    );

  return (
    <Card title={t(`export.title.${kind}`)}>
      {running && !modalOpen && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('export.banner', { percent: record.data?.progress ?? 0 })}
          data-testid="export-banner"
        />
      )}
      <Form<FormValues> form={form} layout="vertical" initialValues={{ format: 'xlsx' }} onFinish={submit} style={{ maxWidth: 520 }}>
        <Form.Item
          name="period"
          label={t('export.period')}
          rules={[
            { required: true, message: t('export.periodRequired') },
            {
              validator: async (_rule, value: [Dayjs, Dayjs] | null | undefined) => {
                if (value && tooLong(value)) throw new Error(t('export.periodTooLong'));
              },
            },
          ]}
        >
          <DatePicker.RangePicker style={{ width: '100%' }} format="DD/MM/YYYY" data-testid="export-period" />
        </Form.Item>
        <Form.Item name="courier" label={t('export.courier')}>
          <Input allowClear count={textLimit(100)} />
        </Form.Item>
        <Form.Item name="payment_status" label={t('export.payment')}>
          <Select
            allowClear
            options={['UNPAID', 'PAID', 'PARTIALLY_PAID'].map((value) => ({ value, label: t(`export.paymentStatus.${value}`) }))}
          />
        </Form.Item>
        <Form.Item name="printed" label={t('export.printed')}>
          <Select
            allowClear
            options={[
              { value: 'printed', label: t('export.printedYes') },
              { value: 'not_printed', label: t('export.printedNo') },
            ]}
          />
        </Form.Item>
        <Form.Item name="format" label={t('export.format')}>
          <Select
            options={[
              { value: 'xlsx', label: 'XLSX' },
              { value: 'csv', label: 'CSV' },
            ]}
            data-testid="export-format"
          />
        </Form.Item>
        {start.error && <Alert type="error" showIcon style={{ marginBottom: 16 }} title={errorText(start.error)} />}
        <Button
          type="primary"
          htmlType="submit"
          icon={<ExportOutlined />}
          loading={start.isPending}
          disabled={running}
          data-testid="start-export"
        >
          {t('export.start')}
        </Button>
      </Form>
      <Modal
        open={modalOpen}
        title={t('export.waitingTitle')}
        onCancel={() => setModalOpen(false)}
        data-testid="export-modal"
        footer={
          <Flex justify="end" gap={8}>
            {canSeeHistory && (
              <Button onClick={() => void navigate(withWorkspaceQuery('/export-history', location.search))} data-testid="go-export-history">
                {t('export.history')}
              </Button>
            )}
            <Button onClick={() => setModalOpen(false)}>{t('export.close')}</Button>
          </Flex>
        }
      >
        {body}
      </Modal>
    </Card>
  );
}
