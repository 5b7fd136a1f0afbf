import { render } from '@testing-library/react';
import { ConfigProvider, DatePicker } from 'antd';
import { PlainItem } from '../../../components/plain-form.tsx';
import dayjs from 'dayjs';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ClosedRangePicker } from './period-picker.tsx';

/** The markup of one element in a form item, its generated ids replaced. */
function markup(element: ReactElement, status: '' | 'error'): string {
  const { container, unmount } = render(
    <ConfigProvider>
      <PlainItem htmlFor="range" label="Periode" errors={status ? ['Terlalu pendek'] : []} status={status}>
        {element}
      </PlainItem>
    </ConfigProvider>,
  );
  const html = container.innerHTML.replace(/ id="[^"]*"/gu, ' id="ID"');
  unmount();
  return html;
}

describe('the closed period picker', () => {
  const props = {
    id: 'range',
    value: [dayjs('2026-11-21'), dayjs('2026-11-28')] as [dayjs.Dayjs, dayjs.Dayjs],
    format: 'DD MMM YYYY',
    'data-testid': 'range',
    'aria-label': 'Periode',
  };
  const noop = () => undefined;

  it.each(['', 'error'] as const)("draws antd's closed RangePicker (status '%s')", (status) => {
    const real = markup(<DatePicker.RangePicker {...props} allowClear={false} />, status);
    const closed = markup(<ClosedRangePicker {...props} rootRef={null} onWant={noop} onPress={noop} />, status);
    expect(closed).toBe(real);
  });
});
