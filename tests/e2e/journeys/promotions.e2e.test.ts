import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_USER, baseUrl, describeJourney } from '../support/api.ts';
import { openBrowser, saveScreenshot, type Session } from '../support/chromium.ts';
import { chooseOption, chooseSku, SERVER_POLL, signIn, waitForWorkspace } from '../support/ui.ts';

/** The demo admin (role Admin: WRITE on promotion-approval), the checker of the journey. */
/** The demo web store's id (its vouchers are seeded there). */
const WEB_STORE = '0192f000-0000-7000-8000-00000000d3b0';

const CHECKER = { username: 'admin@kelola.id', password: DEMO_USER.password } as const;

/** A Jakarta calendar date `days` from today. */
const day = (days: number) => new Date(Date.now() + 7 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** An antd RangePicker found by the form id of its first input (`<form>_<field>`). */
async function fillRange(page: Page, id: string, from: string, until: string) {
  const inputs = page.locator(`.ant-picker-range:has(#${id}) input`);
  await inputs.nth(0).click();
  await inputs.nth(0).fill(from);
  await inputs.nth(0).press('Enter');
  await inputs.nth(1).fill(until);
  await inputs.nth(1).press('Enter');
  await expect.poll(() => inputs.nth(1).inputValue()).toBe(until);
}

async function api<T>(
  path: string,
  token: string,
  workspaceId: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'workspace-id': workspaceId, 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function login(username: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

/**
 * Issue 16: the demo owner (maker) creates a 10 % national discount on two SKUs; their own approval screen offers
 * no approval and the API refuses it; the admin (checker) sees the margin impact and approves; a manual order in
 * the period gets the promotional price and uses the quota; a courier web-store voucher is saved and listed, and
 * the same code again shows 'Voucher code already exist'.
 */
describeJourney('journey: promotions with approval and web-store vouchers', () => {
  let maker: Session;
  let checker: Session;
  const shared = { workspaceId: '' };
  beforeAll(async () => {
    maker = await openBrowser(baseUrl());
    checker = await openBrowser(baseUrl());
  });
  afterAll(async () => {
    await maker?.close();
    await checker?.close();
  });

  it('maker creates, checker approves with the margin impact, a manual order gets the price; a courier voucher is saved once', async ({
    onTestFailed,
  }) => {
    const { page } = maker;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-promotions-maker-FAILED');
      await saveScreenshot(checker.page, 'journey-promotions-checker-FAILED');
    });
    const suffix = Date.now().toString(36).toUpperCase();
    const name = `Promo Nasional ${suffix}`;

    await signIn(page, DEMO_USER.username, DEMO_USER.password);
    const workspaceId = await waitForWorkspace(page);
    shared.workspaceId = workspaceId;
    await page.goto(`/promotion-channel/all/discount/add?workspace_id=${workspaceId}`);
    await page.getByTestId('form-page').waitFor();
    await page.getByTestId('field-program_name').fill(name);
    await fillRange(page, 'discount_period', day(-2), day(5));
    await page.getByTestId('field-value').fill('10');
    await page.getByTestId('field-quota').fill('50');
    await chooseSku(page, page.getByTestId('item-sku-0'), 'KPK-PUTIH-M');
    await page.getByTestId('item-cost-0').fill('35000');
    await page.getByTestId('item-add').click();
    await chooseSku(page, page.getByTestId('item-sku-1'), 'KPK-HITAM-L');
    await saveScreenshot(page, 'journey-promotions-discount-form');
    await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/promotion-channel/all/discount', SERVER_POLL);
    const row = page.locator('.ant-table-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toContain('Menunggu persetujuan');

    // The maker holds the approval menu (owner) but cannot approve their own programme.
    await page.goto(`/promotion-channel/all/approval?workspace_id=${workspaceId}`);
    await page.locator('.ant-table-row').filter({ hasText: name }).getByRole('button', { name }).click();
    await page.getByTestId('approval-review').waitFor();
    await page.getByTestId('own-programme').waitFor();
    expect(await page.getByTestId('approve').count()).toBe(0);
    const makerToken = await login(DEMO_USER.username, DEMO_USER.password);
    const list = await api<{ items: { id: string; program_name: string }[] }>(
      `/api/promotions/discounts?search_by=program_name&q=${encodeURIComponent(name)}`,
      makerToken,
      workspaceId,
    );
    const programId = list.body.items[0]!.id;
    const own = await api<{ code: string }>(`/api/promotions/discounts/${programId}/approve`, makerToken, workspaceId, {
      method: 'POST',
      body: {},
    });
    expect({ status: own.status, code: own.body.code }).toEqual({ status: 403, code: 'DISCOUNT_SELF_APPROVAL' });

    // The checker sees the margin impact and approves.
    const c = checker.page;
    await signIn(c, CHECKER.username, CHECKER.password);
    await waitForWorkspace(c);
    await c.goto(`/promotion-channel/all/approval?workspace_id=${workspaceId}`);
    await c.locator('.ant-table-row').filter({ hasText: name }).getByRole('button', { name }).click();
    const impact = c.getByTestId('impact-table');
    const putih = impact.locator('.ant-table-row').filter({ hasText: 'KPK-PUTIH-M' });
    await putih.waitFor();
    const putihText = await putih.innerText();
    expect(putihText).toMatch(/59\.000/u);
    expect(putihText).toMatch(/53\.100/u);
    expect(putihText).toMatch(/35\.000/u);
    expect(putihText).toMatch(/24\.000/u); // margin before: 59.000 − 35.000
    expect(putihText).toMatch(/18\.100/u); // margin after: 53.100 − 35.000
    await saveScreenshot(c, 'journey-promotions-approval');
    await c.getByTestId('decision-note').fill('Margin aman');
    await c.getByTestId('approve').click();
    await c.getByText('Program disetujui.').waitFor();

    // A manual order in the period: the form shows the promotional price and total before saving; the saved order
    // has it and uses the quota.
    const warehouses = await api<{ items: { id: string; name: string }[] }>('/api/warehouses', makerToken, workspaceId);
    const buyer = `Budi Santoso ${suffix}`;
    await page.goto(`/manual-order/all/create?workspace_id=${workspaceId}`);
    await chooseOption(page, page.getByTestId('warehouse'), warehouses.body.items[0]!.name, { search: true });
    await chooseSku(page, page.getByTestId('line-sku-0'), 'KPK-PUTIH-M');
    await page.getByLabel('Jumlah').first().fill('2');
    await expect.poll(() => page.getByTestId('line-price-source').first().innerText(), SERVER_POLL).toBe('Harga promo: Rp53.100');
    await expect.poll(() => page.getByTestId('manual-total').innerText(), SERVER_POLL).toBe('Rp106.200');
    await page.getByLabel('Nama pembeli').fill(buyer);
    await saveScreenshot(page, 'journey-promotions-manual-order');
    await page.getByRole('button', { name: 'Simpan draf', exact: true }).click();
    // Saved: the manual order list opens with the new order's drawer (its id in the address).
    await page.waitForURL(/[?&]order=/u, { timeout: 30_000 });
    const orderId = new URL(page.url()).searchParams.get('order');
    const order = await api<{ lines: { unit_price: number; price_source: string }[] }>(`/api/orders/${orderId}`, makerToken, workspaceId);
    expect(order.body.lines[0]).toMatchObject({ unit_price: 53_100, price_source: 'PROMOTION' });
    const after = await api<{ quota_used: number; status: string }>(`/api/promotions/discounts/${programId}`, makerToken, workspaceId);
    expect(after.body).toMatchObject({ status: 'ACTIVE', quota_used: 2 });

    // A courier web-store voucher is saved and listed; the same code again is refused.
    const code = `ONGKIR${suffix}`;
    const addVoucher = async () => {
      await page.goto(`/web-voucher/${WEB_STORE}/add-voucher?workspace_id=${workspaceId}`);
      await page.getByTestId('form-page').waitFor();
      await page.getByTestId('field-voucher_code').fill(code);
      await page.getByTestId('field-value').fill('15000');
      await page.getByTestId('field-qty').fill('100');
      await page.getByTestId('field-courier_list').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
        .filter({ hasText: 'JNE' })
        .first()
        .click();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    };
    await addVoucher();
    await page.getByText('Voucher berhasil disimpan.').waitFor();
    await page.waitForURL((url) => url.pathname === `/web-voucher/${WEB_STORE}`, SERVER_POLL);
    const voucherRow = page.locator('.ant-table-row').filter({ hasText: code });
    await voucherRow.waitFor();
    expect(await voucherRow.innerText()).toContain('Kurir');
    expect(await voucherRow.innerText()).toContain('100 / 0');
    await addVoucher();
    await page.getByText('Voucher code already exist').first().waitFor();
    await saveScreenshot(page, 'journey-promotions-duplicate-voucher');
  });

  it('used web-store vouchers are listed; an admin voucher is saved waiting, a duplicate code is refused, and the checker approves it', async ({
    onTestFailed,
  }) => {
    const { page } = maker;
    const c = checker.page;
    onTestFailed(async () => {
      await saveScreenshot(page, 'journey-promotions-admin-voucher-FAILED');
      await saveScreenshot(c, 'journey-promotions-admin-voucher-checker-FAILED');
    });
    const { workspaceId } = shared;
    expect(workspaceId).not.toBe('');
    // The demo's courier web-store voucher was used on two checkouts: its detail lists who used it on which order.
    await page.goto(`/web-voucher/${WEB_STORE}?workspace_id=${workspaceId}`);
    await page.getByRole('link', { name: 'ONGKIRHEMAT' }).click();
    const used = page.getByTestId('voucher-used');
    await expect.poll(() => used.innerText(), SERVER_POLL).toContain('WEB-DEMO-1007');
    expect(await used.innerText()).toContain('rina.kusuma@contoh.id');
    await saveScreenshot(page, 'journey-promotions-web-voucher-used');

    const code = `MEMBER${Date.now().toString(36).toUpperCase()}`;
    const addVoucher = async () => {
      await page.goto(`/promotion-channel/all/voucher/add?workspace_id=${workspaceId}`);
      await page.getByTestId('form-page').waitFor();
      await page.getByTestId('field-name').fill('Voucher Member Jurnal');
      await page.getByTestId('field-code').fill(code);
      await page.getByTestId('field-value').fill('20000');
      await page.getByTestId('field-quota').fill('100');
      await page.getByTestId('field-min_transaction').fill('150000');
      await page.getByRole('button', { name: 'Simpan', exact: true }).click();
    };
    await addVoucher();
    await page.getByText('Voucher disimpan dan menunggu persetujuan.').waitFor();
    await page.waitForURL((url) => url.pathname === '/promotion-channel/all/voucher', SERVER_POLL);
    const row = page.locator('.ant-table-row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.innerText()).toContain('Menunggu');
    expect(await row.innerText()).toContain('0 / 100');
    // the maker holds the approval menu but is offered no approval of their own voucher
    expect(await page.getByTestId(`voucher-approve-${code}`).count()).toBe(0);
    await saveScreenshot(page, 'journey-promotions-admin-voucher-list');
    await addVoucher();
    await page.getByText('Voucher code already exist').first().waitFor();
    await saveScreenshot(page, 'journey-promotions-admin-voucher-duplicate');

    await c.goto(`/promotion-channel/all/voucher?workspace_id=${workspaceId}`);
    await c.getByTestId(`voucher-approve-${code}`).click();
    await c.getByText('Voucher disetujui.').waitFor();
    await expect.poll(() => c.locator('.ant-table-row').filter({ hasText: code }).innerText()).toContain('Aktif');
  });
});
