import { act, render, screen, waitFor } from '@testing-library/react';
import { Empty, Modal } from 'antd';
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

describe('Providers motion', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });

  /** A matchMedia whose reduced-motion answer the test changes, telling its listeners as a browser does. */
  function systemMotion(reduce: boolean) {
    const listeners = new Set<() => void>();
    const state = { reduce };
    window.matchMedia = (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && state.reduce;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList;
    return (next: boolean) => {
      state.reduce = next;
      for (const listener of listeners) listener();
    };
  }

  const dialogClass = () => document.querySelector('.ant-modal')?.className ?? '';

  const drawn = (title: string) => (
    <Providers>
      <Modal open title={title} key={title} />
    </Providers>
  );

  it('opens a modal with its zoom, and at once when the system asks for less motion (followed live)', async () => {
    const change = systemMotion(false);
    const first = render(drawn('Satu'));
    // jsdom ends no animation: a modal that zooms stays in its zoom's active step.
    await waitFor(() => expect(dialogClass()).toContain('ant-zoom-appear-active'));
    first.unmount();

    act(() => change(true));
    render(drawn('Dua'));
    expect(screen.getByText('Dua')).toBeTruthy();
    // Only the step that places the dialog runs (it takes no time); no zoom follows.
    await waitFor(() => expect(dialogClass()).not.toMatch(/ant-zoom/));
  });
});
