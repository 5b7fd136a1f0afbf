import { render } from '@testing-library/react';
import { ConfigProvider, Select } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { ClosedSelect } from './lazy-select.tsx';

const OPTIONS = [
  { value: 'all', label: 'Semua Bisnis' },
  { value: 'b1', label: 'Bisnis 1' },
];

/** The markup of one element, its generated ids replaced. */
function markup(element: ReactElement): string {
  const { container, unmount } = render(<ConfigProvider>{element}</ConfigProvider>);
  const html = container.innerHTML.replace(/ id="[^"]*"/gu, ' id="ID"');
  unmount();
  return html;
}

describe('the closed select', () => {
  const common = { 'data-testid': 'sel', 'aria-label': 'Bisnis', style: { width: 250, maxWidth: '100%' }, placeholder: 'Pilih bisnis' };
  const noop = () => undefined;

  it.each([
    ['with a value', { options: OPTIONS, value: 'all', disabled: false }],
    ['disabled, with a value', { options: OPTIONS.slice(0, 1), value: 'all', disabled: true }],
    ['disabled, empty', { options: [], value: undefined, disabled: true }],
  ])("draws antd's closed Select %s", (_name, state) => {
    const real = markup(<Select {...common} {...state} showSearch={{ optionFilterProp: 'label' }} onChange={noop} />);
    const closed = markup(<ClosedSelect {...common} {...state} rootRef={null} onChange={noop} onWant={noop} onPress={noop} />);
    expect(closed).toBe(real);
  });
});
