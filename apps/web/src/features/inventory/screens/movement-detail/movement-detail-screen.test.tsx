import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import {
  ADJUSTMENT_ID,
  ADJUSTMENT_MOVEMENT,
  KAOS_M,
  RECEIPT_ID,
  RECEIPT_MOVEMENT,
  WORKSPACE,
  meWith,
} from '../inventory-list/stock-fixtures.ts';
import { MovementDetailScreen } from './movement-detail-screen.tsx';

function setup(id: string) {
  const { fetchStub, calls } = stubFetch((_method, url) => {
    if (url.pathname === `/api/inventory/movements/${RECEIPT_MOVEMENT.id}`) return { body: RECEIPT_MOVEMENT };
    if (url.pathname === `/api/inventory/movements/${ADJUSTMENT_MOVEMENT.id}`) return { body: ADJUSTMENT_MOVEMENT };
    return { status: 404, body: { code: 'STOCK_MOVEMENT_NOT_FOUND', message: 'no' } };
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<MovementDetailScreen />, {
    path: `/inventory/detail-stock-movement/${id}?workspace_id=${WORKSPACE}`,
    pattern: '/inventory/detail-stock-movement/:id',
    me: meWith({ 'stock-movement': 'READ' }),
    routes: [
      { path: '/inventory/stock-movement', element: <p>ledger</p> },
      { path: '/inventory/goods-receipt', element: <p>goods receipt</p> },
      { path: '/inventory/stock-adjustment/create', element: <p>adjustment</p> },
    ],
  });
  return { ...view, calls };
}

const search = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

describe('/inventory/detail-stock-movement/:id', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every field of the movement', async () => {
    setup(RECEIPT_MOVEMENT.id);
    expect(await screen.findByText('Detail Pergerakan Stok')).toBeTruthy();
    expect(await screen.findByText('KAOS-M — Kaos Polos M')).toBeTruthy();
    for (const label of [
      'Tanggal & Waktu',
      'Tipe',
      'Gudang',
      'SKU',
      'Nama Produk',
      'Jumlah',
      'On Hand Sebelum',
      'On Hand Sesudah',
      'Dalam Pesanan Sebelum',
      'Dalam Pesanan Sesudah',
      'Jenis Referensi',
      'Dokumen Referensi',
      'Oleh',
      'ID Pergerakan',
    ]) {
      expect(screen.getByText(label)).toBeTruthy();
    }
    expect(screen.getByText('Gudang Jakarta Barat')).toBeTruthy();
    expect(screen.getByText('+100')).toBeTruthy();
    expect(screen.getByText('1.400')).toBeTruthy();
    expect(screen.getByText('1.500')).toBeTruthy();
    expect(screen.getByText('Penerimaan Barang', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText(RECEIPT_MOVEMENT.id)).toBeTruthy();
    expect(screen.getByText('Demo Kelola (Anda)')).toBeTruthy();
  });

  it('links the goods receipt it came from', async () => {
    const { router } = setup(RECEIPT_MOVEMENT.id);
    fireEvent.click(await screen.findByLabelText('Buka dokumen GR-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/goods-receipt'));
    expect(search(router).get('id')).toBe(RECEIPT_ID);
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
  });

  it('links the stock adjustment it came from', async () => {
    const { router } = setup(ADJUSTMENT_MOVEMENT.id);
    expect(await screen.findByText('-5')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Buka dokumen ADJ-000001'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-adjustment/create'));
    expect(search(router).get('id')).toBe(ADJUSTMENT_ID);
  });

  it('goes back to the ledger, or to the ledger of the same SKU', async () => {
    const { router } = setup(RECEIPT_MOVEMENT.id);
    fireEvent.click(await screen.findByText('Semua Pergerakan SKU Ini'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-movement'));
    expect(search(router).get('catalog_id')).toBe(KAOS_M);
    expect(search(router).get('workspace_id')).toBe(WORKSPACE);
    await router.navigate(`/inventory/detail-stock-movement/${RECEIPT_MOVEMENT.id}?workspace_id=${WORKSPACE}`);
    fireEvent.click(await screen.findByText('Kembali ke Pergerakan Stok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory/stock-movement'));
    expect(search(router).get('catalog_id')).toBeNull();
  });

  it('says the movement was not found (another workspace, wrong id)', async () => {
    setup('01a20090-0000-7000-8000-0000000000ff');
    expect(await screen.findByText('Gagal memuat data')).toBeTruthy();
    expect(screen.getByText('Mutasi stok tidak ditemukan.')).toBeTruthy();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    try {
      setup(RECEIPT_MOVEMENT.id);
      expect(await screen.findByText('Stock Movement Detail')).toBeTruthy();
      expect(await screen.findByText('On Hand Before')).toBeTruthy();
      expect(screen.getByText('Goods Receipt', { selector: '.ant-tag' })).toBeTruthy();
    } finally {
      await i18n.changeLanguage('id');
    }
  });
});
