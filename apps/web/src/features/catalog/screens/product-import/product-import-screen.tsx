import { ArrowLeftOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Progress, Result, Typography, Upload } from 'antd';
import { IMPORT_FILE_MAX_BYTES } from '@kelola/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { errorText } from '../../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../../lib/workspace-query.ts';
import { downloadFile } from '../../../../lib/file-api.ts';
import { resultPath, TEMPLATE_PATH, useConfirmImport, useImportJob, useImportPreview, useStartImport } from '../../api/import-api.ts';
import { ImportPreviewPanel } from './import-preview.tsx';
import { WriteGuard } from '../../../../components/write-guard.tsx';

/**
 * /product/import: download the template, upload a filled XLSX, read its preview (nothing has changed yet), confirm
 * it, follow its progress and fetch the failed rows (ADR 0016).
 */
export function ProductImportScreen() {
  const { t } = useTranslation('catalog');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartImport({ onSuccess: (job) => setJobId(job.id) });
  const job = useImportJob(jobId);
  const preview = useImportPreview(jobId, job.data?.status === 'PREVIEW');
  const confirm = useConfirmImport();
  const [downloading, setDownloading] = useState(false);
  const back = () => void navigate(withWorkspaceQuery('/product', location.search));

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

  const data = job.data;
  const finished = data && (data.status === 'DONE' || data.status === 'FAILED');

  return (
    <WriteGuard menuKey="product" backTo="/product" ns="catalog">
      <Flex vertical gap={16} data-testid="import-page">
        <Flex align="center" gap={12}>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('import.back')} onClick={back} />
          <div>
            <Typography.Title level={3} style={{ margin: 0 }}>
              {t('import.title')}
            </Typography.Title>
            <Typography.Text type="secondary">{t('import.description')}</Typography.Text>
          </div>
        </Flex>
        <Card title={t('import.step1')}>
          <Flex vertical gap={12} align="flex-start">
            <Typography.Text>{t('import.step1Body')}</Typography.Text>
            <Button
              icon={<DownloadOutlined />}
              loading={downloading}
              onClick={() => void download(TEMPLATE_PATH, 'template-import-produk.xlsx')}
            >
              {t('import.download')}
            </Button>
          </Flex>
        </Card>
        <Card title={t('import.step2')}>
          <Flex vertical gap={16} align="stretch">
            <Typography.Text>{t('import.step2Body')}</Typography.Text>
            {!data && (
              <Upload
                accept=".xlsx"
                showUploadList={false}
                beforeUpload={(file) => {
                  if (!file.name.toLowerCase().endsWith('.xlsx')) message.error(t('import.onlyXlsx'));
                  else if (file.size > IMPORT_FILE_MAX_BYTES) message.error(t('validation:IMPORT_FILE_TOO_LARGE'));
                  else start.mutateAsync(file).catch((error: unknown) => message.error(errorText(error)));
                  return false;
                }}
              >
                <Button type="primary" icon={<UploadOutlined />} loading={start.isPending}>
                  {t('import.upload')}
                </Button>
              </Upload>
            )}
            {data?.status === 'PREVIEW' &&
              (preview.data ? (
                <ImportPreviewPanel
                  preview={preview.data}
                  confirming={confirm.isPending}
                  onConfirm={() => confirm.mutateAsync(data.id).catch((error: unknown) => message.error(errorText(error)))}
                  onCancel={() => setJobId(null)}
                />
              ) : (
                <Progress percent={100} status="active" showInfo={false} />
              ))}
            {data && !finished && data.status !== 'PREVIEW' && (
              <Flex vertical gap={4} data-testid="import-progress">
                <Typography.Text strong>{t(`import.status.${data.status}`)}</Typography.Text>
                {data.resuming && (
                  <Typography.Text type="warning" data-testid="import-resuming">
                    {t('import.resuming', { attempt: data.attempt })}
                  </Typography.Text>
                )}
                <Progress percent={Math.round(data.progress)} status="active" />
                <Typography.Text type="secondary">
                  {t('import.progress', { processed: data.processed_rows, total: data.total_rows })}
                </Typography.Text>
              </Flex>
            )}
            {data && finished && (
              <Result
                status={data.status === 'FAILED' ? 'error' : data.failed_rows > 0 ? 'warning' : 'success'}
                title={t(`import.status.${data.status}`)}
                subTitle={data.error ?? t('import.summary', { succeeded: data.succeeded_rows, failed: data.failed_rows })}
                extra={[
                  data.has_result_file && (
                    <Button
                      key="result"
                      icon={<DownloadOutlined />}
                      loading={downloading}
                      onClick={() => void download(resultPath(data.id), `hasil-impor-${data.file_name}`)}
                    >
                      {t('import.resultFile')}
                    </Button>
                  ),
                  <Button key="again" onClick={() => setJobId(null)}>
                    {t('import.again')}
                  </Button>,
                  <Button key="back" type="primary" onClick={back}>
                    {t('import.back')}
                  </Button>,
                ]}
              />
            )}
          </Flex>
        </Card>
      </Flex>
    </WriteGuard>
  );
}
