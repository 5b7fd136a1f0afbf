import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import {
  IDLE_TIME_MS,
  setAccessToken,
  startSessionWatch,
  STORAGE_KEYS,
  TOKEN_CHECK_INTERVAL_MS,
  useIdleFlag,
} from '../lib/auth-session.ts';
import { IdleDialog } from './idle-dialog.tsx';

function jwt(expSeconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u1', exp: expSeconds })}.signature`;
}

function Harness({ onLogout }: { onLogout: () => void }) {
  return <IdleDialog open={useIdleFlag()} onLogout={onLogout} />;
}

describe('idle dialog (spec parts 4 and 8)', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('appears after 24 hours without activity, stores the idle flag and logs out with its button', async () => {
    vi.useFakeTimers();
    // The token outlives the idle time, so the check never needs a refresh here.
    vi.stubGlobal('fetch', vi.fn());
    setAccessToken(jwt(Math.floor(Date.now() / 1000) + 2 * 86_400));
    const stop = startSessionWatch();
    const onLogout = vi.fn();
    render(<Harness onLogout={onLogout} />);

    await act(() => vi.advanceTimersByTimeAsync(IDLE_TIME_MS - TOKEN_CHECK_INTERVAL_MS));
    expect(screen.queryByText('Waktu anda sudah habis')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.idle)).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(TOKEN_CHECK_INTERVAL_MS));
    expect(localStorage.getItem(STORAGE_KEYS.idle)).toBe('1');
    expect(screen.getByText('Waktu anda sudah habis')).toBeTruthy();
    expect(screen.getByText('Silahkan login kembali')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stays closed while the user is active', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn());
    setAccessToken(jwt(Math.floor(Date.now() / 1000) + 2 * 86_400));
    const stop = startSessionWatch();
    render(<Harness onLogout={() => undefined} />);
    for (let hour = 0; hour < 25; hour += 1) {
      await act(() => vi.advanceTimersByTimeAsync(3_600_000));
      window.dispatchEvent(new Event('keydown'));
    }
    expect(screen.queryByText('Waktu anda sudah habis')).toBeNull();
    stop();
  });
});
