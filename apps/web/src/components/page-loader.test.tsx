import { render } from '@testing-library/react';
import { ConfigProvider, Spin } from 'antd';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainSpin } from './page-loader.tsx';

function markup(element: ReactElement): string {
  const { container, unmount } = render(<ConfigProvider>{element}</ConfigProvider>);
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('the page loader', () => {
  it("draws antd's large spinning Spin with its description", () => {
    const real = markup(
      <Spin size="large" description="Memuat">
        <div style={{ width: 120, height: 80 }} />
      </Spin>,
    );
    expect(markup(<PlainSpin description="Memuat" />)).toBe(real);
  });
});
