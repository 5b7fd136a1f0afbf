import type { TFunction } from 'i18next';

/**
 * The text of an order's cancel reason. The server keeps `REASON_ID` or `REASON_ID: detail` (the id is what a retry
 * sends back to the marketplace); the user reads the reason's translated text, then the detail. An id with no
 * translation (a marketplace's own numeric id, or a buyer's free text imported from the marketplace) is shown as it came.
 */
export function cancelReasonText(t: TFunction<'orders'>, raw: string): string {
  const at = raw.indexOf(':');
  const id = (at < 0 ? raw : raw.slice(0, at)).trim();
  const detail = at < 0 ? '' : raw.slice(at + 1).trim();
  const label = /^[A-Za-z0-9_]+$/.test(id) ? t(`cancelReasons.${id}`, { defaultValue: id }) : id;
  return detail ? `${label}: ${detail}` : label;
}
