import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defaultRange, isRangeLongEnough, rangeDays, rangeFromQuery } from './dashboard-range.ts';

const day = (text: string) => dayjs(text);

describe('dashboard range (spec: end date at least 7 days after start)', () => {
  it('accepts 7 days or more and refuses less', () => {
    expect(isRangeLongEnough(day('2026-11-01'), day('2026-11-08'))).toBe(true);
    expect(isRangeLongEnough(day('2026-11-01'), day('2026-12-01'))).toBe(true);
    expect(isRangeLongEnough(day('2026-11-01'), day('2026-11-07'))).toBe(false);
    expect(isRangeLongEnough(day('2026-11-08'), day('2026-11-01'))).toBe(false);
  });

  it('counts calendar days, not hours', () => {
    expect(rangeDays(day('2026-11-01T23:00:00'), day('2026-11-08T01:00:00'))).toBe(7);
  });

  it('defaults to the last 7 days, which passes the rule', () => {
    const range = defaultRange(day('2026-11-21T15:00:00'));
    expect(range.start.format('YYYY-MM-DD')).toBe('2026-11-14');
    expect(range.end.format('YYYY-MM-DD')).toBe('2026-11-21');
    expect(isRangeLongEnough(range.start, range.end)).toBe(true);
  });

  it('reads the URL query and falls back to the default for missing or broken dates', () => {
    const today = day('2026-11-21');
    const read = rangeFromQuery(new URLSearchParams('start_date=2026-10-01&end_date=2026-10-31'), today);
    expect([read.start.format('YYYY-MM-DD'), read.end.format('YYYY-MM-DD')]).toEqual(['2026-10-01', '2026-10-31']);
    expect(rangeFromQuery(new URLSearchParams('start_date=2026-13-45&end_date=x'), today).start.format('YYYY-MM-DD')).toBe('2026-11-14');
    expect(rangeFromQuery(new URLSearchParams(''), today).end.format('YYYY-MM-DD')).toBe('2026-11-21');
  });
});
