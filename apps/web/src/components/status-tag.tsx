import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type StatusTone = 'success' | 'processing' | 'warning' | 'error' | 'default';

/** Tones of the statuses the spec names (products, stores, members, invitations); others are `default`. */
const TONES: Record<string, StatusTone> = {
  ACTIVE: 'success',
  CONNECTED: 'success',
  DONE: 'success',
  NON_ACTIVE: 'default',
  INACTIVE: 'default',
  DRAFT: 'default',
  DISCONNECTED: 'error',
  FAILED: 'error',
  EXPIRED: 'error',
  PENDING: 'warning',
  UNVERIFIED: 'warning',
  PROCESSING: 'processing',
};

type Props = {
  status: string;
  /** Overrides the text; by default `components:status.<STATUS>`, else the status itself. */
  label?: string;
  /** Overrides the tone for statuses of one screen. */
  tone?: StatusTone;
};

/** A status as a coloured tag with a translated label. */
export function StatusTag({ status, label, tone }: Props) {
  const { t, i18n } = useTranslation('components');
  const key = `components:status.${status}`;
  const text = label ?? (i18n.exists(key) ? t(key) : status);
  return (
    <Tag color={tone ?? TONES[status] ?? 'default'} data-status={status}>
      {text}
    </Tag>
  );
}
