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
