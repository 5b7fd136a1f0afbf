import '../../../lib/dayjs-language.ts';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PlainItem } from '../../../components/plain-form.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { DATE_FORMAT, isRangeLongEnough, MIN_RANGE_DAYS, rangeFromQuery } from '../dashboard-range.ts';

type Picked = [Dayjs | null, Dayjs | null] | null;

/**
 * The dashboard period, kept in the URL (start_date, end_date). A period shorter than the spec's 7 days is refused
 * with a message and the last valid period stays in force.
 */
export function DateRangeFilter() {
  const { t } = useTranslation('dashboard');
  const [params, setParams] = useSearchParams();
  const saved = rangeFromQuery(params);
  const savedValid = isRangeLongEnough(saved.start, saved.end);
  const [picked, setPicked] = useState<Picked>(null);
  const [error, setError] = useState<string | null>(null);

  const onChange = (value: Picked) => {
    const [start, end] = value ?? [null, null];
    if (!start || !end) {
      setPicked(null);
      setError(null);
      return;
    }
    if (!isRangeLongEnough(start, end)) {
      setPicked(value);
      setError(t('range.tooShort', { days: MIN_RANGE_DAYS }));
      return;
    }
    setPicked(null);
    setError(null);
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('start_date', start.format(DATE_FORMAT));
      next.set('end_date', end.format(DATE_FORMAT));
      return next;
    });
  };

  const message = error ?? (savedValid ? null : t('range.tooShort', { days: MIN_RANGE_DAYS }));
  return (
    // Drawn as antd's Form.Item without rc-form: the dashboard is a first screen too (ADR 0053).
    <PlainItem
      label={t('range.label')}
      errors={message ? [message] : []}
      status={message ? 'error' : ''}
      marginBottom={0}
      style={{ marginBottom: 0 }}
      htmlFor="dashboard-range"
    >
      {/* The picker loads when first wanted; until then its closed look (ADR 0059). */}
      <PeriodPicker
        id="dashboard-range"
        value={picked ?? [saved.start, saved.end]}
        onChange={onChange}
        allowClear={false}
        format="DD MMM YYYY"
        data-testid="dashboard-range"
        aria-label={t('range.label')}
      />
    </PlainItem>
  );
}
