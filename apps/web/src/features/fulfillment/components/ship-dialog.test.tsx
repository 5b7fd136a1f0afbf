import { fireEvent, screen, within } from '@testing-library/react';
import type { PickupSlot } from '@kelola/contracts/fulfillment';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter, stubFetch } from '../../../test/render-with-router.tsx';
import { ShipDialog } from './ship-dialog.tsx';

// Shopee's three slots as the server passes them on (00:00 WIB days): tomorrow morning and afternoon, the day after.
const SLOTS: PickupSlot[] = [
  { id: '1764090000AM', start: '2026-11-25T17:00:00.000Z', end: null, label: '09:00-12:00' },
  { id: '1764090000PM', start: '2026-11-25T17:00:00.000Z', end: null, label: '13:00-17:00' },
  { id: '1764176400AM', start: '2026-11-26T17:00:00.000Z', end: null, label: '09:00-12:00' },
];

function setup(props: Partial<Parameters<typeof ShipDialog>[0]> = {}) {
  vi.stubGlobal('fetch', stubFetch(() => ({ status: 404, body: {} })).fetchStub);
  const onSubmit = vi.fn();
  renderWithRouter(<ShipDialog marketplace open slots={SLOTS} onCancel={() => {}} onSubmit={onSubmit} {...props} />);
  const submit = () => fireEvent.click(screen.getByTestId('ship-submit'));
  return { onSubmit, submit };
}

describe('ShipDialog', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("offers the marketplace's pickup slots, the earliest chosen, and sends the one the user picks", async () => {
    const { onSubmit, submit } = setup();
    const group = await screen.findByTestId('ship-slots');
    const options = within(group).getAllByRole('radio');
    expect(options).toHaveLength(3);
    expect(group.textContent).toContain('09:00-12:00');
    expect(group.textContent).toContain('13:00-17:00');
    expect(screen.getByText('Jadwal pickup')).toBeTruthy();
    expect((options[0] as HTMLInputElement).checked).toBe(true);
    fireEvent.click(options[1]!);
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ method: 'PICKUP', pickup_slot_id: '1764090000PM' });
  });

  it('sends no slot for a drop-off', async () => {
    const first = setup();
    fireEvent.click(screen.getByText('Drop-off (antar ke agen)'));
    expect(screen.queryByTestId('ship-slots')).toBeNull();
    first.submit();
    expect(first.onSubmit).toHaveBeenCalledWith({ method: 'DROPOFF' });
  });

  it('waits for the slots before sending a pickup', async () => {
    const loading = setup({ slots: [], slotsLoading: true });
    expect(screen.getByText('Memuat jadwal pickup dari marketplace…')).toBeTruthy();
    expect((screen.getByTestId('ship-submit') as HTMLButtonElement).disabled).toBe(true);
    loading.submit();
    expect(loading.onSubmit).not.toHaveBeenCalled();
  });

  it('a pickup without slots (the marketplace has none, or they failed) is sent as it is', async () => {
    const { onSubmit, submit } = setup({ slots: [], slotsError: new Error('down') });
    expect(await screen.findByTestId('ship-slots-failed')).toBeTruthy();
    submit();
    expect(onSubmit).toHaveBeenCalledWith({ method: 'PICKUP' });
  });
});
