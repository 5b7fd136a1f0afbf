import { afterEach, describe, expect, it } from 'vitest';
import { busyReasons, resetBusy, startBusy, whileBusy } from './busy-banner.ts';

function unloadPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('busy banner store', () => {
  afterEach(() => resetBusy());

  it('lists running reasons once and clears them when every period stops', () => {
    const stopSync = startBusy('stock-sync');
    const stopSecondSync = startBusy('stock-sync');
    const stopSave = startBusy('channel-save');
    expect(busyReasons()).toEqual(['stock-sync', 'channel-save']);
    stopSync();
    expect(busyReasons()).toEqual(['stock-sync', 'channel-save']);
    stopSecondSync();
    stopSecondSync();
    stopSave();
    expect(busyReasons()).toEqual([]);
  });

  it('guards against closing the page only while busy', () => {
    expect(unloadPrevented()).toBe(false);
    const stop = startBusy('channel-save');
    expect(unloadPrevented()).toBe(true);
    stop();
    expect(unloadPrevented()).toBe(false);
  });

  it('ends the period when the work fails', async () => {
    await expect(
      whileBusy('stock-sync', async () => {
        expect(busyReasons()).toEqual(['stock-sync']);
        throw new Error('sync failed');
      }),
    ).rejects.toThrow('sync failed');
    expect(busyReasons()).toEqual([]);
  });
});
