import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { CustomerImport, CustomerImportItem } from '@kelola/contracts/customers';
import { Alert, App, Button, Flex, Modal, Result, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text.ts';
import { downloadFile } from '../../../lib/file-api.ts';
import {
  CUSTOMER_TEMPLATE_PATH,
  customerImportErrorsPath,
  useConfirmCustomerImport,
  usePreviewCustomerImport,
} from '../api/customers-api.ts';

type Outcome = CustomerImportItem['outcome'];
const COLOURS: Record<Outcome, string> = {
  NEW: 'success',
  CHANGED: 'processing',
  UNCHANGED: 'default',
  ERROR: 'error',
  EXAMPLE: 'warning',
};
const COUNTS: [keyof CustomerImport['preview'], Outcome][] = [
  ['new', 'NEW'],
  ['changed', 'CHANGED'],
  ['unchanged', 'UNCHANGED'],
  ['errors', 'ERROR'],
  ['examples', 'EXAMPLE'],
];

/**
 * The customer import (ADR 0042 §3): the template, the upload, the preview per row (nothing is written yet), the
 * confirmation, then the result with the file of the refused rows.
 */
export function CustomerImportModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const { message } = App.useApp();
  const preview = usePreviewCustomerImport();
  const confirm = useConfirmCustomerImport();
  const [current, setCurrent] = useState<CustomerImport | null>(null);
  const [downloading, setDownloading] = useState(false);

  const reset = () => {
    setCurrent(null);
    preview.reset();
    confirm.reset();
  };
  const close = () => {
    reset();
    onClose();
  };
  const download = async (path: string, name: string) => {
    setDownloading(true);
    try {
      await downloadFile(path, name);
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setDownloading(false);
    }
  };

  const counts = current?.preview;
  const toChange = counts ? counts.new + counts.changed : 0;
  const result = current?.status === 'DONE' ? current.result : null;

  return (
    <Modal open={open} title={t('import.title')} onCancel={close} footer={null} width={900} destroyOnHidden>
      <Flex vertical gap={16} data-testid="customer-import">
        {!current && (
          <>
            <Typography.Text>{t('import.intro')}</Typography.Text>
            <Flex gap={8} wrap>
              <Button
                icon={<DownloadOutlined />}
                loading={downloading}
                onClick={() => void download(CUSTOMER_TEMPLATE_PATH, 'template-pelanggan.xlsx')}
              >
                {t('import.template')}
              </Button>
              <Upload
                accept=".xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  if (!file.name.toLowerCase().endsWith('.xlsx')) message.error(t('import.onlyXlsx'));
                  else
                    preview
                      .mutateAsync(file)
                      .then(setCurrent)
                      .catch((error: unknown) => message.error(errorText(error)));
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={preview.isPending}>
                  {t('import.upload')}
                </Button>
              </Upload>
            </Flex>
          </>
        )}
        {current && !result && counts && (
          <Flex vertical gap={12} data-testid="customer-import-preview">
            <Typography.Text strong>{t('import.previewTitle')}</Typography.Text>
            <Flex wrap gap={8}>
              {COUNTS.map(([key, outcome]) => (
                <Tag key={key} color={COLOURS[outcome]}>
                  {t(`import.count.${outcome}`, { count: counts[key] })}
                </Tag>
              ))}
            </Flex>
            {counts.errors > 0 && <Alert type="warning" showIcon title={t('import.errorsSkipped', { count: counts.errors })} />}
            {current.truncated && <Alert type="info" showIcon title={t('import.truncated', { count: current.items.length })} />}
            <Table<CustomerImportItem>
              size="small"
              rowKey="row"
              dataSource={current.items}
              pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: t('import.outcome'),
                  dataIndex: 'outcome',
                  render: (outcome: Outcome) => <Tag color={COLOURS[outcome]}>{t(`import.outcomes.${outcome}`)}</Tag>,
                },
                { title: t('import.row'), dataIndex: 'row' },
                { title: t('fields.code'), dataIndex: 'code' },
                { title: t('fields.name'), dataIndex: 'name' },
                {
                  title: t('import.details'),
                  key: 'details',
                  render: (_: unknown, item) =>
                    item.errors.length > 0 ? (
                      <Flex vertical>
                        {item.errors.map((error) => (
                          <Typography.Text key={error} type="danger">
                            {error}
                          </Typography.Text>
                        ))}
                      </Flex>
                    ) : item.changes.length > 0 ? (
                      <Flex vertical>
                        {item.changes.map((change) => (
                          <Typography.Text key={change.field}>
                            {t('import.change', {
                              field: change.field,
                              before: change.before || t('import.empty'),
                              after: change.after || t('import.empty'),
                            })}
                          </Typography.Text>
                        ))}
                      </Flex>
                    ) : item.outcome === 'EXAMPLE' ? (
                      <Typography.Text type="secondary">{t('import.exampleRow')}</Typography.Text>
                    ) : null,
                },
              ]}
            />
            <Flex gap={8} wrap align="center">
              <Button
                type="primary"
                disabled={toChange === 0}
                loading={confirm.isPending}
                onClick={() =>
                  confirm
                    .mutateAsync(current.id)
                    .then(setCurrent)
                    .catch((error: unknown) => message.error(errorText(error)))
                }
              >
                {t('import.confirm', { count: toChange })}
              </Button>
              <Button onClick={reset}>{t('import.another')}</Button>
              {toChange === 0 && <Typography.Text type="secondary">{t('import.nothing')}</Typography.Text>}
            </Flex>
          </Flex>
        )}
        {current && result && (
          <Result
            data-testid="customer-import-result"
            status={result.failed > 0 ? 'warning' : 'success'}
            title={t('import.done')}
            subTitle={t('import.summary', result)}
            extra={[
              current.has_error_file && (
                <Button
                  key="errors"
                  icon={<DownloadOutlined />}
                  loading={downloading}
                  onClick={() => void download(customerImportErrorsPath(current.id), `galat-${current.file_name}`)}
                >
                  {t('import.errorFile')}
                </Button>
              ),
              <Button key="again" onClick={reset}>
                {t('import.again')}
              </Button>,
              <Button key="close" type="primary" onClick={close}>
                {t('import.close')}
              </Button>,
            ]}
          />
        )}
      </Flex>
    </Modal>
  );
}
