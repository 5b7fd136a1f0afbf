import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AllocationView } from '@kelola/contracts/inventory';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  ALLOCATION,
  ALLOCATION_NO_SKU,
  BANDUNG,
  CATALOGS,
  catalogStock,
  CHANNELS,
  choose,
  clickButton,
  JAKARTA,
  KAOS,
  meWith,
  notFound,
  SHOPEE,
  TIKTOK,
  TOKOPEDIA,
  WAREHOUSES,
  WORKSPACE,
} from '../../../../test/document-fixtures.ts';
import { ProductAllocationScreen, StockAllocationScreen } from './stock-allocation-screen.tsx';

type Answer = { status?: number; body: unknown };

function setup(
  options: {
    path?: string;
    access?: 'READ' | 'WRITE';
    onSave?: (body: unknown) => Answer;
    onSetAside?: (body: unknown) => Answer;
    view?: Answer;
    product?: boolean;
  } = {},
) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (url.pathname === '/api/warehouses') return { body: WAREHOUSES };
    if (url.pathname === '/api/catalogs') return { body: CATALOGS };
    if (url.pathname === '/api/channels') return { body: CHANNELS };
    if (url.pathname === `/api/inventory/catalogs/${KAOS.id}`) return { body: catalogStock(KAOS, { [JAKARTA.id]: 12 }) };
    if (url.pathname === '/api/inventory/stock-allocation' && method === 'GET') {
      if (options.view) return options.view;
      const warehouseId = url.searchParams.get('warehouse_id') ?? '';
      return { body: { ...(url.searchParams.get('catalog_id') ? ALLOCATION : ALLOCATION_NO_SKU), warehouse_id: warehouseId } };
    }
    if (url.pathname === '/api/inventory/stock-allocation' && method === 'POST') return options.onSave?.(body) ?? notFound;
    if (url.pathname === '/api/inventory/set-asides' && method === 'PUT') return options.onSetAside?.(body) ?? notFound;
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const pattern = options.product ? '/product/allocation' : '/inventory/stock-alocation';
  const view = renderWithRouter(options.product ? <ProductAllocationScreen /> : <StockAllocationScreen />, {
    path: options.path ?? `${pattern}?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA.id}&catalog_id=${KAOS.id}`,
    pattern,
    me: meWith({ 'stock-allocation': options.access ?? 'WRITE' }),
    routes: [{ path: '/dashboard', element: <p>dasbor</p> }],
  });
  return { ...view, calls };
}

const rows = () => [...screen.getByTestId('allocation-rules').querySelectorAll('tbody tr.ant-table-row')] as HTMLElement[];
const text = (testId: string) => screen.getByTestId(testId).textContent;
const setValue = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const allocationCalls = (calls: { method: string; url: URL }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/inventory/stock-allocation');

describe('/inventory/stock-alocation', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("shows each channel's quantity for the SKU with the server's explanation", async () => {
    const { calls } = setup();
    expect(await screen.findByText('Alokasi Stok')).toBeTruthy();
    await waitFor(() => expect(text('rule-0-explanation')).toBe('7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0'));
    expect(text('rule-0-quantity')).toBe('7');
    expect(text('rule-1-explanation')).toBe('3 = tetap 4, dikurangi buffer 1');
    expect(text('rule-1-quantity')).toBe('3');
    // Each explanation is on the line under its own rule (as a last column it sat past the right edge of the screen).
    expect(rows()[0]?.nextElementSibling?.contains(screen.getByTestId('rule-0-explanation'))).toBe(true);
    expect(rows()[1]?.nextElementSibling?.contains(screen.getByTestId('rule-1-explanation'))).toBe(true);
    expect(within(rows()[0] as HTMLElement).getByText('Shopee Kelola')).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByText('Tokopedia Kelola')).toBeTruthy();
    expect(text('allocation-available')).toBe('10');
    expect((screen.getByLabelText('Safety Stock') as HTMLInputElement).value).toBe('2');
    expect(text('allocation-percent-total')).toBe('Total persentase: 70%');
    expect(screen.queryByText('Pratinjau, belum disimpan')).toBeNull();
    expect(Object.fromEntries(allocationCalls(calls)[0]?.url.searchParams ?? [])).toEqual({
      warehouse_id: JAKARTA.id,
      catalog_id: KAOS.id,
    });
    // The SKU from the URL is labelled from its stock.
    await waitFor(() => expect(screen.getByTestId('allocation-sku').textContent).toContain('KAOS-M — Kaos Polos M'));
  });

  it('previews an edited rule with the same rule as the server, then saves the whole rule set', async () => {
    const saved: AllocationView = {
      ...ALLOCATION,
      safety_stock: 4,
      available: 8,
      rules: [
        { ...ALLOCATION.rules[0]!, value: 50, quantity: 4, explanation: '4 = 8 tersedia × 50%, dibulatkan ke bawah, dikurangi buffer 0' },
        { ...ALLOCATION.rules[1]!, quantity: 3, explanation: '3 = tetap 4, dikurangi buffer 1' },
        {
          channel_id: TIKTOK,
          channel_name: 'TikTok Kelola',
          mode: 'QUANTITY',
          value: 2,
          buffer: 0,
          quantity: 2,
          explanation: '2 = tetap 2, dikurangi buffer 0',
        },
      ],
    };
    const { calls } = setup({ onSave: () => ({ body: saved }) });
    await waitFor(() => expect(text('rule-0-quantity')).toBe('7'));
    setValue('Nilai aturan 1', '50');
    await waitFor(() => expect(text('rule-0-explanation')).toBe('5 = 10 tersedia × 50%, dibulatkan ke bawah, dikurangi buffer 0'));
    expect(screen.getByText('Pratinjau, belum disimpan')).toBeTruthy();
    // A higher safety stock leaves less to share.
    setValue('Safety Stock', '4');
    await waitFor(() => expect(text('allocation-available')).toBe('8'));
    expect(text('rule-0-explanation')).toBe('4 = 8 tersedia × 50%, dibulatkan ke bawah, dikurangi buffer 0');
    clickButton('Tambah kanal');
    await choose('rule-2-channel', 'TikTok Kelola');
    fireEvent.click(within(rows()[2] as HTMLElement).getByText('Jumlah tetap'));
    setValue('Nilai aturan 3', '2');
    await waitFor(() => expect(text('rule-2-quantity')).toBe('2'));
    clickButton('Simpan alokasi');
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      warehouse_id: JAKARTA.id,
      catalog_id: KAOS.id,
      safety_stock: 4,
      rules: [
        { channel_id: SHOPEE, mode: 'PERCENTAGE', value: 50, buffer: 0 },
        { channel_id: TOKOPEDIA, mode: 'QUANTITY', value: 4, buffer: 1 },
        { channel_id: TIKTOK, mode: 'QUANTITY', value: 2, buffer: 0 },
      ],
    });
    expect(await screen.findByText('Alokasi stok disimpan')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Pratinjau, belum disimpan')).toBeNull());
    expect(text('rule-2-explanation')).toBe('2 = tetap 2, dikurangi buffer 0');
  });

  it('refuses a percentage over 100 and a negative buffer before sending, and warns when the percentages exceed 100 in total', async () => {
    const { calls } = setup({ onSave: () => ({ body: ALLOCATION }) });
    await waitFor(() => expect(text('rule-0-quantity')).toBe('7'));
    setValue('Nilai aturan 1', '120');
    setValue('Buffer aturan 2', '-1');
    clickButton('Simpan alokasi');
    expect(await within(rows()[0] as HTMLElement).findByText('Nilai maksimal 100.')).toBeTruthy();
    expect(within(rows()[1] as HTMLElement).getByText('Masukkan bilangan bulat 0 atau lebih.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    setValue('Nilai aturan 1', '70');
    await waitFor(() => expect(text('allocation-percent-total')).toBe('Total persentase: 70%'));
    expect(screen.queryByTestId('allocation-percent-over')).toBeNull();
    fireEvent.click(within(rows()[1] as HTMLElement).getByText('Persentase'));
    setValue('Nilai aturan 2', '40');
    await waitFor(() => expect(text('allocation-percent-total')).toBe('Total persentase: 110%'));
    expect(screen.getByTestId('allocation-percent-over').textContent).toContain('melebihi 100%');
  });

  it("puts the server's rule error on its row (rules.1.channel_id)", async () => {
    setup({
      onSave: () => ({
        status: 404,
        body: {
          code: 'CHANNEL_NOT_FOUND',
          message: 'no',
          details: { fields: [{ path: 'rules.1.channel_id', code: 'CHANNEL_NOT_FOUND', message: 'Toko tidak ditemukan.' }] },
        },
      }),
    });
    await waitFor(() => expect(text('rule-0-quantity')).toBe('7'));
    setValue('Buffer aturan 1', '1');
    clickButton('Simpan alokasi');
    expect(await within(rows()[1] as HTMLElement).findByText('Toko tidak ditemukan.')).toBeTruthy();
    expect(within(rows()[0] as HTMLElement).queryByText('Toko tidak ditemukan.')).toBeNull();
  });

  it('sets stock aside for one channel and shows the new share; a refusal shows on that channel’s field', async () => {
    const withShopee: AllocationView = {
      ...ALLOCATION,
      available: 6,
      rules: [
        {
          ...ALLOCATION.rules[0]!,
          quantity: 8,
          explanation: '8 = 6 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0, ditambah 4 disisihkan',
        },
        ALLOCATION.rules[1]!,
      ],
      set_asides: ALLOCATION.set_asides.map((a) => (a.channel_id === SHOPEE ? { ...a, quantity: 4 } : a)),
    };
    const { calls } = setup({
      onSetAside: (body) =>
        (body as { channel_id: string }).channel_id === SHOPEE
          ? { body: withShopee }
          : {
              status: 409,
              body: {
                code: 'INSUFFICIENT_STOCK',
                message: 'no',
                details: { fields: [{ path: 'quantity', code: 'INSUFFICIENT_STOCK', message: 'Stok tidak mencukupi.' }] },
              },
            },
    });
    expect(await screen.findByText('Stok Disisihkan per Kanal')).toBeTruthy();
    const table = await screen.findByTestId('set-aside-table');
    expect(within(table).getByText('TikTok Kelola')).toBeTruthy();
    const saveShopee = screen.getByRole('button', { name: 'Simpan stok disisihkan untuk Shopee Kelola' }) as HTMLButtonElement;
    expect(saveShopee.disabled).toBe(true);
    setValue('Stok disisihkan untuk Shopee Kelola', '4');
    await waitFor(() => expect(saveShopee.disabled).toBe(false));
    fireEvent.click(saveShopee);
    await waitFor(() =>
      expect(text('rule-0-explanation')).toBe('8 = 6 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0, ditambah 4 disisihkan'),
    );
    expect(await screen.findByText('Stok disisihkan untuk Shopee Kelola disimpan')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ warehouse_id: JAKARTA.id, catalog_id: KAOS.id, channel_id: SHOPEE, quantity: 4 });

    setValue('Stok disisihkan untuk TikTok Kelola', '50');
    const saveTikTok = screen.getByRole('button', { name: 'Simpan stok disisihkan untuk TikTok Kelola' }) as HTMLButtonElement;
    await waitFor(() => expect(saveTikTok.disabled).toBe(false));
    fireEvent.click(saveTikTok);
    const tiktokRow = screen.getByTestId(`set-aside-${TIKTOK}`).closest('tr') as HTMLElement;
    expect(await within(tiktokRow).findByText('Stok tidak mencukupi.')).toBeTruthy();
  });

  it('shows the stock set aside read-only to a READ-only role, and asks for a SKU first', async () => {
    setup({
      access: 'READ',
      view: {
        body: { ...ALLOCATION, set_asides: ALLOCATION.set_asides.map((a) => ({ ...a, quantity: a.channel_id === TOKOPEDIA ? 3 : 0 })) },
      },
    });
    const table = await screen.findByTestId('set-aside-table');
    expect(within(table).queryByRole('spinbutton')).toBeNull();
    expect(within(within(table).getByText('Tokopedia Kelola').closest('tr') as HTMLElement).getByText('3')).toBeTruthy();
    vi.unstubAllGlobals();
    setup({ path: `/inventory/stock-alocation?workspace_id=${WORKSPACE}&warehouse_id=${JAKARTA.id}` });
    expect(await screen.findByTestId('set-aside-choose-sku')).toBeTruthy();
  });

  it('shows the rules without quantities until a SKU is chosen, and starts from the first warehouse', async () => {
    const { calls } = setup({ path: `/inventory/stock-alocation?workspace_id=${WORKSPACE}` });
    await waitFor(() => expect(allocationCalls(calls).length).toBeGreaterThan(0));
    expect(allocationCalls(calls)[0]?.url.searchParams.get('warehouse_id')).toBe(BANDUNG.id);
    expect(await screen.findAllByText('Pilih SKU untuk melihat jumlahnya')).toHaveLength(2);
    expect(screen.queryByLabelText('Safety Stock')).toBeNull();
    await choose('allocation-sku', 'KAOS-M — Kaos Polos M');
    await waitFor(() => expect(text('rule-0-explanation')).toContain('7 = 10 tersedia'));
    expect(allocationCalls(calls).at(-1)?.url.searchParams.get('catalog_id')).toBe(KAOS.id);
  });

  it('shows the rules read-only to a READ-only role', async () => {
    setup({ access: 'READ' });
    await waitFor(() => expect(text('rule-0-explanation')).toContain('7 = 10 tersedia'));
    expect(screen.queryByText('Simpan alokasi')).toBeNull();
    expect(screen.queryByText('Tambah kanal')).toBeNull();
    expect((screen.getByLabelText('Nilai aturan 1') as HTMLInputElement).disabled).toBe(true);
  });

  it('says so when a warehouse has no rules, and offers a retry when loading fails', async () => {
    setup({ view: { body: { ...ALLOCATION, rules: [] } } });
    expect(await screen.findByText('Belum ada aturan alokasi untuk gudang ini')).toBeTruthy();
    vi.unstubAllGlobals();
    setup({ view: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } });
    expect(await screen.findByTestId('allocation-load-error')).toBeTruthy();
  });
});

describe('/product/allocation', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is the same screen with the SKU of the link chosen', async () => {
    const { calls } = setup({ product: true, path: `/product/allocation?workspace_id=${WORKSPACE}&catalog_id=${KAOS.id}` });
    expect(await screen.findByText('Alokasi Produk')).toBeTruthy();
    await waitFor(() => expect(text('rule-0-explanation')).toBe('7 = 10 tersedia × 70%, dibulatkan ke bawah, dikurangi buffer 0'));
    expect(allocationCalls(calls)[0]?.url.searchParams.get('catalog_id')).toBe(KAOS.id);
    await waitFor(() => expect(screen.getByTestId('allocation-sku').textContent).toContain('KAOS-M — Kaos Polos M'));
  });
});
