import { DownloadOutlined, PrinterOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../../../lib/error-text.ts';
import { useDocument, type DocumentKind } from '../api/documents-api.ts';

const KIND_OF_PATH: Record<string, DocumentKind> = {
  '/fulfillment/labelfullpage': 'labels',
  '/fulfillment/bulk-shipping-label': 'labels',
  '/fulfillment/bulk-picking-list': 'picking-list',
};

/**
 * The public full-page layout (spec part 2): /fulfillment/labelfullpage and /fulfillment/bulk-shipping-label show the
 * shipping labels (100 × 150 mm, one page per order) of `?order_ids=a,b,c`; /fulfillment/bulk-picking-list the pick
 * wave's picking list (`?doc=packing` gives the packing lists instead). The PDF is shown as the browser renders it,
 * with Print and Download.
 */
export function DocumentPrintScreen() {
  const { t } = useTranslation('documents');
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const orderIds = useMemo(
    () =>
      (params.get('order_ids') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.search],
  );
  const kind: DocumentKind = params.get('doc') === 'packing' ? 'packing-lists' : (KIND_OF_PATH[location.pathname] ?? 'labels');
  const doc = useDocument(kind, orderIds);
  const [url, setUrl] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!doc.data) return;
    const href = URL.createObjectURL(doc.data);
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [doc.data]);

  const title = t(`print.title.${kind}`);
  const fileName = `${kind}.pdf`;

  return (
    <Flex vertical style={{ height: '100vh', padding: 12 }} gap={8}>
      <Flex justify="space-between" align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {title}{' '}
          {orderIds.length > 0 && <Typography.Text type="secondary">({t('print.orders', { count: orderIds.length })})</Typography.Text>}
        </Typography.Title>
        <Flex gap={8}>
          <Button
            icon={<PrinterOutlined />}
            type="primary"
            disabled={!url}
            onClick={() => frame.current?.contentWindow?.print()}
            data-testid="print-document"
          >
            {t('print.print')}
          </Button>
          <Button icon={<DownloadOutlined />} disabled={!url} href={url ?? undefined} download={fileName} data-testid="download-document">
            {t('print.download')}
          </Button>
        </Flex>
      </Flex>
      {orderIds.length === 0 && <Alert type="warning" showIcon title={t('print.noOrders')} />}
      {doc.error && (
        <Alert type="error" showIcon title={t('print.failed')} description={errorText(doc.error)} data-testid="document-error" />
      )}
      {doc.isLoading && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin size="large" />
        </Flex>
      )}
      {url && (
        <iframe
          ref={frame}
          title={title}
          src={url}
          style={{ flex: 1, border: '1px solid #ddd', width: '100%' }}
          data-testid="document-frame"
        />
      )}
    </Flex>
  );
}
