import { render } from '@testing-library/react';
import { ConfigProvider, Flex } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainFlex, type PlainFlexProps } from './plain-flex.tsx';

function markup(element: ReactElement): string {
  const { container, unmount } = render(<ConfigProvider>{element}</ConfigProvider>);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('the plain flex', () => {
  // The first screens' uses (sign-in page, its layout, the page loader, the route error screen) and a few more.
  it.each<[string, PlainFlexProps]>([
    ['justified to the end, with a style', { justify: 'flex-end', style: { marginTop: -12, marginBottom: 16 } }],
    ['vertical, centred, gap 24', { vertical: true, align: 'center', justify: 'center', style: { minHeight: '100vh' }, gap: 24 }],
    ['vertical, centred, gap 4', { vertical: true, align: 'center', gap: 4 }],
    [
      'centred with a test id',
      { align: 'center', justify: 'center', style: { minHeight: 360 }, 'data-testid': 'route-error' } as PlainFlexProps,
    ],
    ['vertical (stretched), gap 4 with a style', { vertical: true, gap: 4, style: { color: 'red', fontSize: 14 } }],
    ['vertical, a preset gap', { vertical: true, gap: 'middle' }],
    ['wrapping, a class, gap 0', { wrap: true, className: 'mine', gap: 0, justify: 'space-between', align: 'baseline' }],
    ['nothing set', {}],
  ])("draws antd's Flex %s", (_name, props) => {
    expect(markup(<PlainFlex {...props}>x</PlainFlex>)).toBe(markup(<Flex {...props}>x</Flex>));
  });
});
