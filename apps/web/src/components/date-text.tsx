import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format.ts';

type Props = {
  /** ISO text or a Date; null shows `empty`. */
  value: string | Date | null | undefined;
  withTime?: boolean;
  empty?: string;
};

/** A date (and time) as seen in Asia/Jakarta, in the user's language; the exact instant is in `dateTime`. */
export function DateText({ value, withTime = true, empty = '-' }: Props) {
  // Re-render on a language switch: formatDateTime reads the current language.
  useTranslation();
  const date = value === null || value === undefined ? null : typeof value === 'string' ? new Date(value) : value;
  if (!date || Number.isNaN(date.getTime())) return <span>{empty}</span>;
  return (
    <time dateTime={date.toISOString()} style={{ whiteSpace: 'nowrap' }}>
      {formatDateTime(date, withTime)}
    </time>
  );
}
