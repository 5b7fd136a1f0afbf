import '../../lib/dayjs-language.ts';
import dayjs, { type Dayjs } from 'dayjs';

/** Spec parts 5 and 9: the dashboard's end date is at least 7 days after its start date. */
export const MIN_RANGE_DAYS = 7;

/** Dates in the URL query (`start_date`, `end_date`). */
export const DATE_FORMAT = 'YYYY-MM-DD';

export type DateRange = { start: Dayjs; end: Dayjs };

/** Whole calendar days from start to end, whatever the times of day. */
export function rangeDays(start: Dayjs, end: Dayjs): number {
  return end.startOf('day').diff(start.startOf('day'), 'day');
}

/** True when the end date is at least MIN_RANGE_DAYS after the start date. */
export function isRangeLongEnough(start: Dayjs, end: Dayjs): boolean {
  return rangeDays(start, end) >= MIN_RANGE_DAYS;
}

/** The default period: the last 7 days up to today. */
export function defaultRange(today: Dayjs = dayjs()): DateRange {
  const end = today.startOf('day');
  return { start: end.subtract(MIN_RANGE_DAYS, 'day'), end };
}

/** Reads the period from the URL query; missing or unreadable dates give the default period. */
export function rangeFromQuery(params: URLSearchParams, today?: Dayjs): DateRange {
  const start = dayjs(params.get('start_date') ?? '', DATE_FORMAT, true);
  const end = dayjs(params.get('end_date') ?? '', DATE_FORMAT, true);
  if (!start.isValid() || !end.isValid()) return defaultRange(today);
  return { start, end };
}
