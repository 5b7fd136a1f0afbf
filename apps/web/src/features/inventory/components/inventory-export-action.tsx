import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Result, Spin, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCan } from '../../../components/use-can.ts';
import { errorText } from '../../../lib/error-text.ts';
import { withWorkspaceQuery } from '../../../lib/workspace-query.ts';
import { downloadExport, useInventoryExport, useStartInventoryExport, type InventoryExportBody } from '../api/inventory-api.ts';

/**
 * "Ekspor": queues an XLSX of the balances matching the list's warehouse and stock state, shows the waiting modal
 * while the job runs (polling its state), and downloads the file once it is DONE. Closing the modal leaves the
 * export running; it stays in the export history.
 */
export function InventoryExportAction({ filters }: { filters: InventoryExportBody }) {
  const { t } = useTranslation('inventory');
  const { notification } = App.useApp();
  const navigate = useNavigate();
  const location = useLocation();
  const canSeeHistory = useCan('export-history', 'READ');
  const [exportId, setExportId] = useState<string | null>(null);
  const [downloading, setDownloading] = useState(false);
  const downloaded = useRef<string | null>(null);
  const start = useStartInventoryExport({ onSuccess: (record) => setExportId(record.id) });
  const record = useInventoryExport(exportId);
  const status = record.data?.status;

  const download = async () => {
    if (!record.data) return;
    setDownloading(true);
    try {
      await downloadExport(record.data);
    } catch (error) {
      notification.error({ title: t('export.failed'), description: errorText(error), placement: 'topRight' });
    } finally {
      setDownloading(false);
    }
  };

  // The file is fetched once, as soon as the job is DONE; the button fetches it again on demand.
  useEffect(() => {
    if (status === 'DONE' && exportId && downloaded.current !== exportId) {
      downloaded.current = exportId;
      void download();
    }
    // download reads the latest record; only a change of state or export should trigger it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [status, exportId]);

  const close = () => {
    setExportId(null);
    start.reset();
  };

  let body;
  if (record.error) body = <Result status="warning" title={t('export.failed')} subTitle={errorText(record.error)} />;
  else if (status === 'DONE' && record.data)
    body = (
      <Result
        status="success"
        title={t('export.done')}
        subTitle={t('export.doneBody', { count: record.data.row_count, file: record.data.file_name })}
        extra={
          <Button type="primary" icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            {t('export.download')}
          </Button>
        }
      />
    );
  else if (status === 'FAILED') body = <Result status="error" title={t('export.failed')} subTitle={record.data?.error ?? undefined} />;
  else
    body = (
      <Flex vertical align="center" gap={16} style={{ padding: '24px 0' }} data-testid="export-waiting">
        <Spin size="large" />
        <Typography.Text strong>{t('export.waiting')}</Typography.Text>
        <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
          {t('export.estimate')}
        </Typography.Text>
        {status === 'RETRY' && <Alert type="info" showIcon title={t('export.retrying')} />}
      </Flex>
    );

  return (
    <>
      <Button icon={<ExportOutlined />} loading={start.isPending} onClick={() => start.mutate(filters)} data-testid="export-inventory">
        {t('list.export')}
      </Button>
      {start.error && !exportId && (
        <Modal open title={t('export.waitingTitle')} onCancel={close} footer={<Button onClick={close}>{t('export.close')}</Button>}>
          <Result status="warning" title={t('export.failed')} subTitle={errorText(start.error)} />
        </Modal>
      )}
      <Modal
        open={exportId !== null}
        title={t('export.waitingTitle')}
        onCancel={close}
        data-testid="export-modal"
        footer={
          <Flex justify="end" gap={8}>
            {canSeeHistory && (
              <Button onClick={() => void navigate(withWorkspaceQuery('/export-history', location.search))}>{t('export.history')}</Button>
            )}
            <Button onClick={close}>{t('export.close')}</Button>
          </Flex>
        }
      >
        {body}
      </Modal>
    </>
  );
}
