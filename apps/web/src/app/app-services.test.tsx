import { act, fireEvent, render, screen } from '@testing-library/react';
import { App, Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-error.ts';
import { notifyHttpError } from '../lib/notify.ts';
import { Providers } from './providers.tsx';

function Screen() {
  const { message, modal } = App.useApp();
  return (
    <>
      <Button onClick={() => void message.success('Tersimpan')}>message</Button>
      <Button onClick={() => void modal.confirm({ title: 'Hapus?', content: 'Yakin?' })}>modal</Button>
    </>
  );
}

describe('AppServices (antd App with message, notification and modal loaded when first wanted, ADR 0048)', () => {
  it('gives App.useApp() calls made before the parts load, once they have loaded', async () => {
    render(
      <Providers>
        <Screen />
      </Providers>,
    );
    // Nothing asked for them yet: no holder chunk, but the calls are kept and shown once it is there.
    fireEvent.click(screen.getByText('message'));
    fireEvent.click(screen.getByText('modal'));
    expect(await screen.findByText('Tersimpan')).toBeTruthy();
    expect(await screen.findByText('Yakin?')).toBeTruthy();
  });

  it("makes a call through the waiting API after the parts loaded (a confirm's onOk that opens another dialog)", async () => {
    // A screen's first render gets the waiting API; a closure made then (a confirm's `onOk`) keeps it after the
    // parts have loaded, and its calls must still be shown.
    let first: ReturnType<typeof App.useApp> | undefined;
    function Capture() {
      const api = App.useApp();
      first ??= api;
      return <Button onClick={() => void api.message.info('Pesan tampil')}>siap</Button>;
    }
    render(
      <Providers>
        <Capture />
      </Providers>,
    );
    fireEvent.click(screen.getByText('siap'));
    expect(await screen.findByText('Pesan tampil')).toBeTruthy();
    act(() => void first!.modal.error({ title: 'Cannot Delete' }));
    expect((await screen.findAllByText('Cannot Delete')).length).toBeGreaterThan(0);
  });

  it('shows lib/notify’s notices given before an instance was there', async () => {
    render(
      <Providers>
        <span>page</span>
      </Providers>,
    );
    act(() => notifyHttpError(new ApiError(404, 'LINK_INVALID', 'raw')));
    expect(await screen.findByText('Tautan tidak valid.')).toBeTruthy();
  });
});
