import { render } from '@testing-library/react';
import { Button, ConfigProvider } from 'antd';
import { DisabledContextProvider } from 'antd/es/config-provider/DisabledContext';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PlainButton } from './plain-button.tsx';

function markup(element: ReactElement, disabled = false): string {
  const { container, unmount } = render(
    <ConfigProvider>
      <DisabledContextProvider disabled={disabled}>{element}</DisabledContextProvider>
    </ConfigProvider>,
  );
  const html = container.innerHTML;
  unmount();
  return html;
}

describe('the plain submit button', () => {
  it.each([
    ['idle', false, false],
    ['disabled by its form', false, true],
    ['loading', true, false],
    ['loading, disabled by its form', true, true],
  ])("draws antd's large primary block submit Button, %s", (_name, loading, disabled) => {
    const real = markup(
      <Button type="primary" htmlType="submit" block size="large" loading={loading}>
        Masuk
      </Button>,
      disabled,
    );
    expect(
      markup(
        <PlainButton htmlType="submit" block size="large" loading={loading}>
          Masuk
        </PlainButton>,
        disabled,
      ),
    ).toBe(real);
  });

  it("draws antd's primary Button with a style", () => {
    const real = markup(
      <Button type="primary" style={{ marginTop: 8 }} onClick={() => undefined}>
        Muat ulang
      </Button>,
    );
    expect(
      markup(
        <PlainButton style={{ marginTop: 8 }} onClick={() => undefined}>
          Muat ulang
        </PlainButton>,
      ),
    ).toBe(real);
  });
});
