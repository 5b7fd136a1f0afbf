import type { Me, MenuItem, MenuResult } from '@kelola/contracts/me';

/** A JWT-shaped token (unsigned) that expires `seconds` from now. */
export function fakeToken(seconds: number): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/u, '').replace(/\+/gu, '-').replace(/\//gu, '_');
  return `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + seconds })}.signature`;
}

export const ME: Me = {
  id: '1',
  uuid: 'u-1',
  email: 'demo@kelola.id',
  phone: null,
  first_name: 'Demo',
  last_name: 'Kelola',
  full_name: 'Demo Kelola',
  typeRegister: 'email',
  role_name: 'Owner',
  workspace_id_active: 'w-1',
  workspace_id_active_name: 'Toko Demo',
  user_workspaces: [
    {
      workspace_id: 'w-1',
      workspace_name: 'Toko Demo',
      role_id: 'r-1',
      role_name: 'Owner',
      restriction_base: 'BUSINESS',
      restriction_list: [],
      is_default: true,
    },
  ],
  restriction_base: 'BUSINESS',
  businessList: [
    { business_id: 'b-1', business_name: 'Demo Jakarta', warehouse_id: null, name: 'Demo Jakarta' },
    { business_id: 'b-2', business_name: 'Demo Bandung', warehouse_id: null, name: 'Demo Bandung' },
  ],
  permissions: { dashboard: 'WRITE', 'store-list': 'WRITE' },
  settings: { locale: 'id-ID', theme: 'default', primary_color: '#4b7cf3', menu_layout: 'left' },
};

const item = (key: string, id: string, url: string, category: string, children: MenuItem[] = []): MenuItem => ({
  key,
  title: id,
  lang: { id, en: id },
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

export const MENU: MenuResult = {
  menu: [
    { ...item('dashboard', 'Dashboard', '/dashboard', 'main'), icon: 'dashboard' },
    item('sales', 'Pesanan Penjualan Semua Kanal', '/sales', 'main'),
    item('settings', 'Pengaturan', '/store', 'settings', [
      item('user-management', 'Manajemen Pengguna Workspace', '/user-management', 'settings'),
    ]),
    item('channel-menu', 'Menu Kanal', '', 'group3', [item('sales-channel', 'Penjualan', '/sales-channel/:id', 'channel-sales')]),
  ],
  channels: [],
};
