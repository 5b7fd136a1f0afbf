import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Channel, MenuItem } from '@kelola/contracts/me';
import '../lib/i18n.ts';
import { SideMenu } from './side-menu.tsx';
import { channelEntries, menuSections } from './side-menu-model.ts';

const item = (key: string, title: string, url: string, category: string, children: MenuItem[] = []): MenuItem => ({
  key,
  title,
  lang: { id: title, en: `${title} EN` },
  url,
  icon: null,
  category,
  divider: false,
  disabled: false,
  notes: null,
  sales_channel: null,
  access: 'WRITE',
  children,
});

const MENU: MenuItem[] = [
  item('dashboard', 'Dashboard', '/dashboard', 'main'),
  item('sales', 'Pesanan Penjualan Semua Kanal', '/sales', 'main'),
  item('warehouse', 'Gudang', '/warehouse', 'settings'),
  item('channel-menu', 'Menu Kanal', '', 'group3', [
    item('channel-sales', 'Penjualan', '/sales-channel/:id', 'channel-sales'),
    item('channel-product', 'Produk', '/product-channel/:id/product/synchronize', 'channel-product'),
  ]),
];

const channel = (id: number, title: string, extra: Partial<Channel> = {}): Channel => ({
  id,
  title,
  notes: null,
  status: 'CONNECTED',
  code: 'shopee_id',
  sales_channel: { id: 16, code: 'shopee_id', name: 'Shopee' },
  ...extra,
});

const CHANNELS: Channel[] = [
  channel(1, 'Toko Shopee Jakarta'),
  channel(2, 'Toko Putus', { status: 'DISCONNECTED' }),
  channel(3, 'Kanal Tersembunyi', { sales_channel: { id: 55, code: 'x', name: 'X' } }),
  channel(4, 'Toko CM Bandung', { notes: 'cm' }),
];

describe('side menu model', () => {
  it('keeps group3 out of the main menu and cuts long titles to 17 characters plus an ellipsis', () => {
    const sections = menuSections(MENU, 'id');
    expect(sections.map((section) => section.category)).toEqual(['main', 'settings']);
    const titles = sections.flatMap((section) => section.entries.map((entry) => entry.title));
    expect(titles).toEqual(['Dashboard', 'Pesanan Penjualan…', 'Gudang']);
    expect(sections[0]?.entries[1]?.fullTitle).toBe('Pesanan Penjualan Semua Kanal');
  });

  it('lists only CONNECTED channels, never sales channel 55, and sales items only for notes cm', () => {
    const entries = channelEntries(MENU, CHANNELS, 'id');
    expect(entries.map((entry) => entry.channel.title)).toEqual(['Toko Shopee Jakarta', 'Toko CM Bandung']);
    expect(entries[0]?.links.map((link) => link.url)).toEqual([
      '/sales-channel/1?sales_channel_id=16&channel_code=shopee_id',
      '/product-channel/1/product/synchronize?sales_channel_id=16&channel_code=shopee_id',
    ]);
    expect(entries[1]?.links.map((link) => link.fullTitle)).toEqual(['Penjualan']);
  });

  it("shows a channel kind's own menus only on that kind: distributors on the distributor channel, store settings on the web store", () => {
    const menu: MenuItem[] = [
      item('channel-menu', 'Menu Kanal', '', 'group3', [
        item('channel-sales', 'Penjualan', '/sales-channel/:id', 'channel-sales'),
        item('channel-product', 'Produk', '/product-channel/:id/product/synchronize', 'channel-product'),
        item('distributor-channel', 'Distributor', '/distributor-channel/:id/distributor-list', 'channel-customer'),
        item('web-store', 'Toko Web', '/web-store-setting/:id', 'channel-product'),
      ]),
    ];
    const channels = [
      channel(1, 'Toko Shopee'),
      channel(2, 'Kanal Distributor', { code: 'distributor', sales_channel: { id: 18, code: 'distributor', name: 'Distributor' } }),
      channel(3, 'Toko Web', { code: 'web', sales_channel: { id: 53, code: 'web', name: 'Web' } }),
    ];
    const titles = channelEntries(menu, channels, 'id').map((entry) => entry.links.map((link) => link.fullTitle));
    expect(titles).toEqual([
      ['Penjualan', 'Produk'],
      ['Produk', 'Distributor'],
      ['Penjualan', 'Produk', 'Toko Web'],
    ]);
  });

  it('filters the channel list by the typed store name', () => {
    expect(channelEntries(MENU, CHANNELS, 'id', '  bandung ').map((entry) => entry.channel.id)).toEqual([4]);
  });
});

function renderMenu(props: Partial<Parameters<typeof SideMenu>[0]> = {}) {
  return render(
    <MemoryRouter>
      <SideMenu
        menu={MENU}
        channels={CHANNELS}
        language="id"
        pathname="/sales"
        search="?workspace_id=w-1"
        collapsed={false}
        addStorePath="/add-store"
        {...props}
      />
    </MemoryRouter>,
  );
}

describe('SideMenu', () => {
  it('renders the groups, carries the workspace query in links and shows the add-store link', () => {
    renderMenu();
    const sales = screen.getByText('Pesanan Penjualan…');
    expect(sales.closest('a')?.getAttribute('href')).toBe('/sales?workspace_id=w-1');
    expect(sales.closest('a')?.getAttribute('title')).toBe('Pesanan Penjualan Semua Kanal');
    expect(screen.getByText('Tambah').closest('a')?.getAttribute('href')).toBe('/add-store?workspace_id=w-1');
    expect(within(screen.getByTestId('channel-menu')).getByText('Toko Shopee Jakarta')).toBeTruthy();
  });

  it('hides the add link without WRITE on store-list', () => {
    renderMenu({ addStorePath: null });
    expect(screen.queryByText('Tambah')).toBeNull();
  });

  it("says 'no shop' when no channel is connected, and 'no match' for a filter that finds none", () => {
    const { unmount } = renderMenu({ channels: [] });
    expect(screen.getByTestId('no-shop').textContent).toContain('Belum ada toko');
    unmount();
    renderMenu();
    fireEvent.change(screen.getByPlaceholderText('Cari nama toko'), { target: { value: 'surabaya' } });
    expect(screen.getByTestId('no-shop').textContent).toContain('Tidak ada toko yang cocok');
    fireEvent.change(screen.getByPlaceholderText('Cari nama toko'), { target: { value: 'cm band' } });
    expect(within(screen.getByTestId('channel-menu')).getByText('Toko CM Bandung')).toBeTruthy();
    expect(within(screen.getByTestId('channel-menu')).queryByText('Toko Shopee Jakarta')).toBeNull();
  });

  it('uses the English titles in English', () => {
    renderMenu({ language: 'en' });
    expect(screen.getByText('Gudang EN')).toBeTruthy();
  });
});
