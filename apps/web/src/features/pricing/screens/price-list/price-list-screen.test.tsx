import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelPriceList, ChannelPriceRow } from '@kelola/contracts/channel-prices';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { meWith, page, WORKSPACE } from '../../test/pricing-fixtures.ts';
import { PriceListScreen } from './price-list-screen.tsx';

const SHOPEE = { id: 'ch-shopee', name: 'Shopee Kopi Nusantara', marketplace: 'shopee', status: 'CONNECTED' } as const;
const TIKTOK = { id: 'ch-tiktok', name: 'TikTok Kopi', marketplace: 'tiktok', status: 'DISCONNECTED' } as const;

const KOPI: ChannelPriceRow = {
  catalog_id: 'c-kopi',
  sku: 'KOPI-250',
  name: 'Kopi Gayo 250 g',
  options: [],
  product_id: 'p-kopi',
  product_name: 'Kopi Gayo',
  product_type: 'SINGLE',
  base_price: 85_000,
  formula: null,
  prices: [
    {
      channel_id: SHOPEE.id,
      mode: 'MANUAL',
      source: 'MANUAL',
      price_msrp: 90_000,
      price_sales: 87_000,
      formula_errors: [],
      manual: { price_msrp: 90_000, price_sales: 87_000 },
      updated_at: '2026-11-21T10:00:00.000Z',
    },
    {
      channel_id: TIKTOK.id,
      mode: 'FORMULA',
      source: 'BASE_PRICE',
      price_msrp: 85_000,
      price_sales: 85_000,
      formula_errors: [],
      manual: null,
      updated_at: null,
    },
  ],
};

const PAKET: ChannelPriceRow = {
  catalog_id: 'c-paket',
  sku: 'PAKET-01',
  name: 'Paket Kopi Berdua',
  options: [],
  product_id: 'p-paket',
  product_name: 'Paket Kopi Berdua',
  product_type: 'BUNDLING',
  base_price: 172_500,
  formula: { id: 'f-1', name: 'harga_paket' },
  prices: [
    {
      channel_id: SHOPEE.id,
      mode: 'FORMULA',
      source: 'FORMULA',
      price_msrp: 174_000,
      price_sales: 174_000,
      formula_errors: [],
      manual: null,
      updated_at: null,
    },
    {
      channel_id: TIKTOK.id,
      mode: 'FORMULA',
      source: 'FORMULA',
      price_msrp: null,
      price_sales: null,
      formula_errors: [{ code: 'FORMULA_NEGATIVE_RESULT', position: 16, message: 'Harga menjadi negatif.' }],
      manual: null,
      updated_at: null,
    },
  ],
};

const KEMAS = {
  id: 'v-kemas',
  kind: 'PRODUCT',
  name: 'biaya_kemas',
  short_description: 'Biaya kemasan',
  value: '2500',
  used_by: 1,
  created_at: '2026-11-21T00:00:00.000Z',
  updated_at: '2026-11-21T00:00:00.000Z',
};

type Answer = { status?: number; body: unknown };

function listOf(url: URL, channels = [SHOPEE, TIKTOK]): ChannelPriceList {
  const channelId = url.searchParams.get('channel_id');
  const items = [KOPI, PAKET].map((row) => ({ ...row, prices: row.prices.filter((p) => !channelId || p.channel_id === channelId) }));
  return {
    items: channels.length === 0 ? items.map((r) => ({ ...r, prices: [] })) : items,
    channels,
    page: 1,
    size: 10,
    total_row: 2,
    total_capped: false,
  };
}

function setup(options: { access?: 'READ' | 'WRITE'; onPut?: () => Answer; channels?: (typeof SHOPEE | typeof TIKTOK)[] } = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    if (method === 'GET' && url.pathname === '/api/channel-prices') return { body: listOf(url, options.channels) };
    if (method === 'PUT' && url.pathname.includes('/channel-prices/'))
      return options.onPut?.() ?? { body: { ...PAKET.prices[0], mode: 'MANUAL', source: 'MANUAL', ...(body as object) } };
    if (method === 'DELETE' && url.pathname.includes('/channel-prices/')) return { status: 204, body: null };
    if (method === 'GET' && url.pathname === '/api/product-variables') return { body: page([KEMAS]) };
    if (method === 'GET' && url.pathname === '/api/catalogs/c-paket/variables') return { body: { items: [] } };
    if (method === 'PUT' && url.pathname === '/api/catalogs/c-paket/variables')
      return { body: { items: [{ variable_id: KEMAS.id, name: KEMAS.name, value: '4000' }] } };
    return { status: 404, body: { code: 'NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<PriceListScreen />, {
    path: `/price?workspace_id=${WORKSPACE}`,
    pattern: '/price',
    me: meWith(options.access ?? 'WRITE'),
  });
  return { ...view, calls };
}

const listCalls = (calls: { method: string; url: URL }[]) =>
  calls.filter((call) => call.method === 'GET' && call.url.pathname === '/api/channel-prices');
const cell = async (sku: string, channelId: string) => within(await screen.findByTestId(`channel-price-${sku}-${channelId}`));
/** The open modal or drawer (a role query over the whole table is slow in jsdom). */
const openDialog = async () =>
  within(
    await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-modal, .ant-drawer-section');
      if (!found) throw new Error('no dialog');
      return found;
    }),
  );
const typeAmount = (dialog: ReturnType<typeof within>, name: string, value: string) => {
  const input = dialog.getByRole('spinbutton', { name });
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('/price: prices per channel', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each SKU with its base price and its price on every channel, tagged Formula, base price or Manual', async () => {
    setup();
    expect(await screen.findByText('KOPI-250')).toBeTruthy();
    expect(screen.getAllByText('Shopee Kopi Nusantara').length).toBeGreaterThan(0);
    expect(screen.getAllByText('TikTok Shop · Terputus').length).toBeGreaterThan(0);
    expect(screen.getByText('Formula: harga_paket')).toBeTruthy();

    const kopiShopee = await cell('KOPI-250', SHOPEE.id);
    expect(kopiShopee.getByText('Manual')).toBeTruthy();
    expect(kopiShopee.getByText('Rp87.000')).toBeTruthy();
    // The MSRP is struck through above the sale price.
    expect(kopiShopee.getByText('Rp90.000').closest('del')).toBeTruthy();
    const kopiTiktok = await cell('KOPI-250', TIKTOK.id);
    expect(kopiTiktok.getByText('Harga dasar')).toBeTruthy();
    expect(kopiTiktok.getByText('Rp85.000')).toBeTruthy();
    const paketShopee = await cell('PAKET-01', SHOPEE.id);
    expect(paketShopee.getByText('Formula')).toBeTruthy();
    expect(paketShopee.getByText('Rp174.000')).toBeTruthy();
    expect((await cell('PAKET-01', TIKTOK.id)).getByText('Formula gagal')).toBeTruthy();
  });

  it('edits a formula price into a manual one: checks sale ≤ MSRP like the server, then saves whole rupiah', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByLabelText('Ubah harga PAKET-01 di Shopee Kopi Nusantara'));
    const dialog = await openDialog();
    expect(dialog.getByText('Harga PAKET-01 di Shopee Kopi Nusantara')).toBeTruthy();
    // Starts from the price in force; no way back to the formula while it follows the formula already.
    expect((dialog.getByRole('spinbutton', { name: 'Harga Coret (MSRP)' }) as HTMLInputElement).value).toBe('174.000');
    expect(dialog.queryByRole('button', { name: 'Pakai formula' })).toBeNull();

    typeAmount(dialog, 'Harga Coret (MSRP)', '180000');
    typeAmount(dialog, 'Harga Jual', '185000');
    fireEvent.click(dialog.getByRole('button', { name: 'Simpan' }));
    expect(await dialog.findByText('Harga jual tidak boleh lebih tinggi dari harga coret (MSRP).')).toBeTruthy();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);

    typeAmount(dialog, 'Harga Jual', '175000');
    const before = listCalls(calls).length;
    fireEvent.click(dialog.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')).toBeTruthy());
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/catalogs/c-paket/channel-prices/ch-shopee');
    expect(put.body).toEqual({ price_msrp: 180_000, price_sales: 175_000 });
    expect(await screen.findByText('Harga PAKET-01 di Shopee Kopi Nusantara disimpan sebagai harga manual')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it("shows the server's field errors on the fields", async () => {
    setup({
      onPut: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'bad',
          details: { fields: [{ path: 'price_msrp', code: 'INVALID_MONEY', message: 'INVALID_MONEY' }] },
        },
      }),
    });
    fireEvent.click(await screen.findByLabelText('Ubah harga KOPI-250 di TikTok Kopi'));
    const dialog = await openDialog();
    fireEvent.click(dialog.getByRole('button', { name: 'Simpan' }));
    expect(await dialog.findByText('Masukkan nominal dalam rupiah tanpa desimal.')).toBeTruthy();
    expect(document.querySelector('.ant-modal')).toBeTruthy();
  });

  it('puts a manual price back on the automatic price (DELETE), starting the dialog from the typed prices', async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByLabelText('Ubah harga KOPI-250 di Shopee Kopi Nusantara'));
    const dialog = await openDialog();
    expect((dialog.getByRole('spinbutton', { name: 'Harga Jual' }) as HTMLInputElement).value).toBe('87.000');
    // The product has no formula: going back means following the base price.
    fireEvent.click(dialog.getByRole('button', { name: 'Pakai harga dasar' }));
    expect(await screen.findByText('Harga KOPI-250 di Shopee Kopi Nusantara kembali otomatis')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      '/api/catalogs/c-kopi/channel-prices/ch-shopee',
    ]);
  });

  it('offers no editing to a user who may only read prices', async () => {
    setup({ access: 'READ' });
    await cell('KOPI-250', SHOPEE.id);
    expect(screen.queryAllByLabelText(/^Ubah harga/u)).toHaveLength(0);
  });

  it('filters by channel and by price source through the URL query', async () => {
    const { calls, router } = setup();
    await screen.findByText('KOPI-250');
    fireEvent.mouseDown(screen.getByLabelText('Filter channel'));
    fireEvent.click(await screen.findByTitle('TikTok Kopi'));
    await waitFor(() => expect(listCalls(calls).some((call) => call.url.searchParams.get('channel_id') === TIKTOK.id)).toBe(true));
    expect(router.state.location.search).toContain('channel_id=ch-tiktok');
    // Only that channel's column is left.
    await waitFor(() => expect(screen.queryByTestId(`channel-price-KOPI-250-${SHOPEE.id}`)).toBeNull());
    expect(await screen.findByTestId(`channel-price-KOPI-250-${TIKTOK.id}`)).toBeTruthy();

    fireEvent.mouseDown(screen.getByLabelText('Filter sumber harga'));
    fireEvent.click(await screen.findByTitle('Harga manual'));
    await waitFor(() =>
      expect(
        listCalls(calls).some(
          (call) => call.url.searchParams.get('mode') === 'MANUAL' && call.url.searchParams.get('channel_id') === TIKTOK.id,
        ),
      ).toBe(true),
    );
  });

  it('says when no shop is connected yet', async () => {
    setup({ channels: [] });
    expect(await screen.findByText('Belum ada toko terhubung')).toBeTruthy();
    expect(screen.getByText('KOPI-250')).toBeTruthy();
  });

  it("opens a SKU's product-variable values in a drawer and saves them; the prices are reloaded", async () => {
    const { calls } = setup();
    fireEvent.click(await screen.findByLabelText('Nilai variabel PAKET-01'));
    const drawer = await openDialog();
    const input = await drawer.findByRole('textbox', { name: 'Nilai biaya_kemas untuk SKU ini' });
    expect(input.getAttribute('placeholder')).toBe('Ikut nilai variabel (2500)');
    fireEvent.change(input, { target: { value: '4000' } });
    const before = listCalls(calls).length;
    fireEvent.click(drawer.getByRole('button', { name: 'Simpan Nilai' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ values: [{ variable_id: KEMAS.id, value: '4000' }] }),
    );
    expect(await screen.findByText('Nilai variabel PAKET-01 disimpan')).toBeTruthy();
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });
});
