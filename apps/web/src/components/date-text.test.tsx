import { act, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n.ts';
import { DateText } from './date-text.tsx';

describe('DateText', () => {
  it('shows the date and time in Asia/Jakarta (UTC+7), whatever the machine time zone', () => {
    // 20:30 UTC is 03:30 the next day in Jakarta.
    const { container } = render(<DateText value="2026-01-01T20:30:00Z" />);
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-01-01T20:30:00.000Z');
    expect(time?.textContent).toMatch(/^2 Jan 2026/u);
    expect(time?.textContent).toMatch(/03[.:]30/u);
  });

  it('can leave out the time and shows a dash for no or a broken date', () => {
    expect(render(<DateText value="2026-01-01T20:30:00Z" withTime={false} />).container.textContent).toBe('2 Jan 2026');
    expect(render(<DateText value={null} />).container.textContent).toBe('-');
    expect(render(<DateText value="not a date" />).container.textContent).toBe('-');
  });

  it('follows the language', async () => {
    const { container } = render(<DateText value="2026-08-17T03:00:00Z" withTime={false} />);
    expect(container.textContent).toBe('17 Agu 2026');
    await act(() => i18n.changeLanguage('en'));
    expect(container.textContent).toBe('17 Aug 2026');
    await act(() => i18n.changeLanguage('id'));
  });
});
