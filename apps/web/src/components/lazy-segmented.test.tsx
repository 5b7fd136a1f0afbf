import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider, Segmented } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ClosedSegmented, LazySegmented } from './lazy-segmented.tsx';

const OPTIONS = [
  { value: 'id', label: 'Bahasa Indonesia' },
  { value: 'en', label: 'English' },
];

/** The markup of one element, its generated radio group name replaced. */
function markup(element: ReactElement): string {
  const { container, unmount } = render(<ConfigProvider>{element}</ConfigProvider>);
  const html = container.innerHTML.replace(/ name="[^"]*"/gu, ' name="NAME"');
  unmount();
  return html;
}

describe('the closed segmented control', () => {
  const noop = () => undefined;

  it.each([
    ['small, the first option chosen', 'small' as const, 'id'],
    ['small, the second option chosen', 'small' as const, 'en'],
    ['default size', undefined, 'id'],
  ])("draws antd's Segmented at rest, %s", (_name, size, value) => {
    const real = markup(<Segmented size={size} value={value} options={OPTIONS} onChange={noop} />);
    const closed = markup(
      <ClosedSegmented
        size={size}
        value={value}
        options={OPTIONS}
        onChange={noop}
        rootRef={null}
        onWant={noop}
        onPress={noop}
        onRelease={noop}
        onKeyboard={noop}
      />,
    );
    expect(closed).toBe(real);
  });

  it('keeps the stand-in through a press: its click changes the value once, then the real control is drawn', async () => {
    const onChange = vi.fn();
    render(
      <ConfigProvider>
        <LazySegmented size="small" value="id" options={OPTIONS} onChange={onChange} />
      </ConfigProvider>,
    );
    const standIn = screen.getByRole('radiogroup');
    fireEvent.pointerDown(standIn);
    await act(async () => {
      await import('antd/es/segmented');
    });
    // The control has arrived, the press is not over: the stand-in is still the one under the finger.
    expect(screen.getByRole('radiogroup')).toBe(standIn);
    fireEvent.click(screen.getByTitle('English'));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('en');
    await waitFor(() => expect(screen.getByRole('radiogroup')).not.toBe(standIn));
  });

  it('applies a choice made before the control arrives, then draws the real one', async () => {
    const onChange = vi.fn();
    render(
      <ConfigProvider>
        <LazySegmented size="small" value="id" options={OPTIONS} onChange={onChange} />
      </ConfigProvider>,
    );
    fireEvent.click(screen.getByTitle('English'));
    expect(onChange).toHaveBeenCalledWith('en');
    fireEvent.pointerEnter(screen.getByRole('radiogroup'));
    await act(async () => {
      await import('antd/es/segmented');
    });
    // The real control (rc-segmented) draws its motion thumb's container; the stand-in stays in its place until then.
    expect(await screen.findByRole('radiogroup')).toBeTruthy();
  });
});
