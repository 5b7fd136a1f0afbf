import { Image, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFile } from '../../../lib/file-api.ts';

/** A payment's transfer proof, fetched with the session (an <img> cannot send it); click to zoom (antd preview). */
export function ProofImage({ paymentId }: { paymentId: string }) {
  const { t } = useTranslation('finance');
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let revoked = false;
    let href: string | null = null;
    fetchFile(`/finance/payments/${encodeURIComponent(paymentId)}/proof`)
      .then((blob) => {
        if (revoked) return;
        href = URL.createObjectURL(blob);
        setUrl(href);
      })
      .catch(() => setFailed(true));
    return () => {
      revoked = true;
      if (href) URL.revokeObjectURL(href);
    };
  }, [paymentId]);
  if (failed) return <Typography.Text type="secondary">{t('payment.noProof')}</Typography.Text>;
  if (!url) return null;
  return <Image src={url} alt={t('payment.proof')} width={220} data-testid="proof-image" preview={{ mask: t('payment.zoom') }} />;
}
