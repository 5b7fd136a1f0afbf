import { act, render, screen } from '@testing-library/react';
import { Empty } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { setFormatLocale } from '../lib/format.ts';
import { Providers } from './providers.tsx';

describe('Providers format locale', () => {
  afterEach(() => setFormatLocale(null));

  it("sets antd's locale provider to the chosen locale, loaded on demand", async () => {
    render(
      <Providers>
        <Empty />
      </Providers>,
    );
    expect(screen.getAllByText('Tidak ada data').length).toBeGreaterThan(0);
    act(() => setFormatLocale('de-DE'));
    expect((await screen.findAllByText('Keine Daten')).length).toBeGreaterThan(0);
    act(() => setFormatLocale('id-ID'));
    expect((await screen.findAllByText('Tidak ada data')).length).toBeGreaterThan(0);
  });
});
