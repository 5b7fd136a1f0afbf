import { SYSTEM_ROLE_PERMISSIONS } from '@kelola/contracts/menu';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney, latestCode, newEmail } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, signIn } from '../support/ui.ts';

/** Indonesian titles (packages/contracts/locales/id/menu.json) of the menu keys this journey looks at. */
const TITLES = {
  dashboard: 'Dashboard',
  sales: 'Pesanan Penjualan',
  'product-master': 'Produk',
  inventory: 'Inventori',
  purchasing: 'Pembelian',
  settings: 'Pengaturan',
  'store-list': 'Daftar Toko',
  warehouse: 'Gudang',
  'user-management': 'Manajemen Pengguna',
  'account-setting': 'Pengaturan Akun',
} as const;

/**
 * Journey 6: the demo owner invites a new e-mail address as "Store Operator"; the invitee opens the link from the
 * outbox in a browser of their own, sets a name and a password, and lands in "Toko Demo" with the role's menu.
 */
describeJourney('journey 6: invite a user and accept the invitation', () => {
  let owner: Session;
  let invitee: Session | undefined;
  beforeAll(async () => {
    owner = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await invitee?.close();
    await owner?.close();
  });

  it('invites a Store Operator who signs up through the link', async ({ onTestFailed }) => {
    onTestFailed(async () => {
      await saveScreenshot(owner.page, 'journey-6-FAILED-owner');
      if (invitee) await saveScreenshot(invitee.page, 'journey-6-FAILED-invitee');
    });
    const { page } = owner;
    const email = newEmail('budi.operator');
    const name = 'Yusuf Maulana';
    const password = 'Operator#2026';

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    await page.goto('/user-management');
    await page.getByRole('heading', { name: 'Manajemen Pengguna' }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('workspace_id')).toBeTruthy();
    await page.getByTestId('invite-user').click();

    await page.waitForURL((url) => url.pathname === '/user-management/invite-user');
    await page.getByRole('heading', { name: 'Undang Pengguna' }).waitFor();
    await page.getByLabel('E-mail atau nomor HP').fill(email);
    await chooseOption(page, page.getByTestId('role-select'), 'Store Operator');
    await saveScreenshot(page, 'journey-6-invite-form');
    await page.getByTestId('send-invitation').click();

    // Back on the list, on the invitations tab, with the new invitation waiting.
    await page.waitForURL((url) => url.pathname === '/user-management' && url.searchParams.get('tab') === 'invitations');
    await page.getByText(`Undangan dikirim ke ${email}`).waitFor();
    const row = page.locator('.ant-table-row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.innerText()).toContain('Store Operator');
    await saveScreenshot(page, 'journey-6-invitations');

    // The invitation token rides in the outbox message's code.
    const token = await latestCode(email);
    expect(token.length).toBeGreaterThan(10);

    invitee = await openBrowser(baseUrl());
    const guest = invitee.page;
    await guest.goto(`/auth/confirmation/invite-user/${encodeURIComponent(token)}`);
    const summary = guest.getByTestId('invitation-summary');
    await summary.waitFor();
    await expect.poll(() => summary.innerText()).toContain('Undangan Pengguna');
    const summaryText = await summary.innerText();
    expect(summaryText).toContain('Toko Demo');
    expect(summaryText).toContain('Store Operator');
    expect(summaryText).toContain(email);
    await guest.getByLabel('Nama lengkap').fill(name);
    await guest.getByLabel('Kata sandi', { exact: true }).fill(password);
    await guest.getByLabel('Konfirmasi kata sandi').fill(password);
    await saveScreenshot(guest, 'journey-6-invitation-register');
    await guest.getByRole('button', { name: 'Daftar dan bergabung', exact: true }).click();

    await guest.waitForURL((url) => url.pathname === '/dashboard');
    const welcome = guest.getByTestId('welcome-card');
    await expect.poll(() => welcome.innerText()).toContain(`Selamat datang, ${name}`);
    expect(await welcome.innerText()).toContain('Workspace aktif: Toko Demo');
    expect(await welcome.innerText()).toContain('Peran: Store Operator');

    // The menu follows the Store Operator role: what it grants is there, what it lacks is not.
    const granted = SYSTEM_ROLE_PERMISSIONS['Store Operator'];
    const sideMenu = guest.getByTestId('side-menu');
    await sideMenu.getByText('Dashboard', { exact: true }).waitFor();
    for (const key of ['dashboard', 'sales', 'product-master', 'inventory', 'purchasing', 'settings'] as const) {
      const shown = await sideMenu.locator(`[title="${TITLES[key]}"]`).count();
      expect(shown > 0, `${TITLES[key]} in the menu`).toBe(Boolean(granted[key]));
    }
    await sideMenu.locator('.ant-menu-submenu-title').filter({ hasText: TITLES.settings }).click();
    await sideMenu.locator(`a[title="${TITLES['account-setting']}"]`).waitFor({ state: 'visible' });
    for (const key of ['store-list', 'warehouse', 'user-management', 'account-setting'] as const) {
      const shown = await sideMenu.locator(`a[title="${TITLES[key]}"]`).count();
      expect(shown > 0, `${TITLES[key]} under Pengaturan`).toBe(Boolean(granted[key]));
    }
    expect(granted.warehouse).toBeUndefined();
    await saveScreenshot(guest, 'journey-6-invitee-dashboard');

    // The owner now sees the new member with the role.
    await page.goto('/user-management');
    const member = page.locator('.ant-table-row').filter({ hasText: email });
    await member.waitFor();
    expect(await member.innerText()).toContain('Store Operator');
  });
});
