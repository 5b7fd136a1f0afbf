import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { NO_PRINT_CLASS, PrintPage } from './print-page.tsx';

describe('PrintPage', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('shows the sheet and prints with the Print button, which is left out of the print', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(
      <PrintPage title="Picking list">
        <table>
          <tbody>
            <tr>
              <td>SKU-1</td>
            </tr>
          </tbody>
        </table>
      </PrintPage>,
    );
    expect(screen.getByText('SKU-1')).toBeTruthy();
    const button = screen.getByText('Cetak').closest('button');
    expect(button?.closest(`.${NO_PRINT_CLASS}`)).toBeTruthy();
    fireEvent.click(button!);
    expect(print).toHaveBeenCalledOnce();
    expect([...document.querySelectorAll('style')].some((style) => style.textContent?.includes(`.${NO_PRINT_CLASS}`))).toBe(true);
  });

  it('opens the print dialog by itself when asked', () => {
    vi.useFakeTimers();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(
      <PrintPage title="Label" autoPrint width="100mm">
        <p>label</p>
      </PrintPage>,
    );
    expect(print).not.toHaveBeenCalled();
    vi.advanceTimersByTime(500);
    expect(print).toHaveBeenCalledOnce();
  });
});
