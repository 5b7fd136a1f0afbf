import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../../lib/notify.ts';
import { choose, clickButton, meWith, notFound, WORKSPACE } from '../../../../test/document-fixtures.ts';
import { renderWithRouter, stubFetch } from '../../../../test/render-with-router.tsx';
import { CHANNEL, CHANNEL_QUERY, DISTRIBUTORS, MAJU, NO_DISTRIBUTORS } from '../../test/distributors-fixtures.ts';
import { DistributorListScreen } from './distributor-list-screen.tsx';

type Answer = { status?: number; body: unknown } | null;

const LIST_API = `/api/distributor-channels/${CHANNEL}/distributors`;
const FORM_PATH = `/distributor-channel/${CHANNEL}/add-distributor`;

function setup({
  query = '',
  access = 'WRITE',
  list = DISTRIBUTORS,
  handler = () => null,
}: {
  query?: string;
  access?: 'READ' | 'WRITE';
  list?: unknown;
  handler?: (method: string, url: URL, body: unknown) => Answer;
} = {}) {
  const { fetchStub, calls } = stubFetch((method, url, body) => {
    const answer = handler(method, url, body);
    if (answer) return answer;
    if (url.pathname === LIST_API && method === 'GET') return { body: list };
    return notFound;
  });
  vi.stubGlobal('fetch', fetchStub);
  const view = renderWithRouter(<DistributorListScreen />, {
    path: `/distributor-channel/${CHANNEL}/distributor-list?${CHANNEL_QUERY}&workspace_id=${WORKSPACE}${query}`,
    pattern: '/distributor-channel/:id/distributor-list',
    me: meWith({ 'distributor-channel': access }),
    routes: [{ path: '/distributor-channel/:id/add-distributor', element: <p>form distributor</p> }],
  });
  return { ...view, calls };
}

const lastList = (calls: { method: string; url: URL }[]) =>
  Object.fromEntries([...calls].reverse().find((c) => c.url.pathname === LIST_API && c.method === 'GET')?.url.searchParams ?? []);
const writes = <C extends { method: string }>(calls: C[]) => calls.filter((c) => c.method !== 'GET');
const searchOf = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('/distributor-channel/:id/distributor-list', { timeout: 60_000 }, () => {
  const success = vi.fn();
  const error = vi.fn();
  beforeEach(() => {
    success.mockReset();
    error.mockReset();
    setNotifier({ success, error });
  });
  afterEach(() => {
    setNotifier(null);
    vi.unstubAllGlobals();
  });

  it('lists the distributors with their category and status, the search and filters kept in the URL and the API query', async () => {
    const { calls, router } = setup({ query: '&q=Maju&category=MAIN&status=ACTIVE' });
    const row = (await screen.findByText('CV Maju Jaya')).closest('tr') as HTMLElement;
    for (const text of [
      'DIST-BDG-01',
      'Distributor Utama',
      '+6281234567890',
      'Kota Bandung',
      'Gudang Bandung',
      'Kota Bandung, Kab. Bandung Barat',
    ])
      expect(row.textContent).toContain(text);
    expect(within(row).getByText('Aktif').closest('.ant-tag')).toBeTruthy();
    const other = screen.getByText('Toko Sinar').closest('tr') as HTMLElement;
    expect(other.textContent).toContain('Agen');
    expect(within(other).getByText('Nonaktif').closest('.ant-tag')).toBeTruthy();
    // A city missing from the area data shows a dash.
    expect(within(other).getByText('-')).toBeTruthy();
    const headings = [...document.querySelectorAll('th')].map((th) => th.textContent);
    expect(headings).toEqual(
      expect.arrayContaining(['Kode', 'Nama', 'Kategori', 'Telepon', 'Kota', 'Gudang', 'Area Cakupan', 'Status', 'Aksi']),
    );
    expect(lastList(calls)).toEqual({ page: '1', size: '10', q: 'Maju', category: 'MAIN', status: 'ACTIVE' });

    await choose('filter-category', 'Agen');
    await waitFor(() => expect(searchOf(router).category).toBe('AGENT'));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ category: 'AGENT', status: 'ACTIVE', q: 'Maju' }));

    await choose('filter-status', 'Nonaktif');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ category: 'AGENT', status: 'INACTIVE' }));

    const search = screen.getByPlaceholderText('Cari kode, nama atau telepon');
    fireEvent.change(search, { target: { value: '0812' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(lastList(calls).q).toBe('0812'));
    expect(searchOf(router)).toEqual({
      sales_channel_id: '18',
      channel_code: 'distributor',
      workspace_id: WORKSPACE,
      q: '0812',
      category: 'AGENT',
      status: 'INACTIVE',
    });
  });

  it('invites to add the first distributor when there is none, keeping the channel query', async () => {
    const { router } = setup({ list: NO_DISTRIBUTORS });
    const empty = await screen.findByTestId('list-empty');
    expect(empty.textContent).toContain('Belum ada distributor di kanal ini.');
    fireEvent.click(within(empty).getByTestId('add-first-distributor'));
    await waitFor(() => expect(router.state.location.pathname).toBe(FORM_PATH));
    expect(searchOf(router)).toEqual({ sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });
  });

  it('a reader sees the distributors without add, edit or delete', async () => {
    setup({ access: 'READ' });
    await screen.findByText('CV Maju Jaya');
    expect(screen.queryByTestId('add-distributor')).toBeNull();
    expect(screen.queryByLabelText('Ubah CV Maju Jaya')).toBeNull();
    expect(screen.queryByLabelText('Hapus CV Maju Jaya')).toBeNull();
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).not.toContain('Aksi');
  });

  it('opens the add form and the edit form (?edit=) with the channel query', async () => {
    const { router } = setup();
    await screen.findByText('CV Maju Jaya');
    fireEvent.click(screen.getByTestId('add-distributor'));
    await waitFor(() => expect(router.state.location.pathname).toBe(FORM_PATH));
    expect(searchOf(router)).toEqual({ sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });

    await router.navigate(-1);
    fireEvent.click(await screen.findByLabelText('Ubah CV Maju Jaya'));
    await waitFor(() => expect(router.state.location.pathname).toBe(FORM_PATH));
    expect(searchOf(router)).toEqual({ edit: MAJU.id, sales_channel_id: '18', channel_code: 'distributor', workspace_id: WORKSPACE });
  });

  it('deletes after a confirmation and says so', async () => {
    const { calls } = setup({
      handler: (method, url) => (method === 'DELETE' && url.pathname === `${LIST_API}/${MAJU.id}` ? { status: 204, body: null } : null),
    });
    await screen.findByText('CV Maju Jaya');
    fireEvent.click(screen.getByLabelText('Hapus CV Maju Jaya'));
    const confirm = (await screen.findByText('Hapus distributor CV Maju Jaya?')).closest('.ant-popover') as HTMLElement;
    expect(writes(calls)).toEqual([]);
    clickButton('Hapus', confirm);
    await waitFor(() => expect(success).toHaveBeenCalledWith(expect.objectContaining({ title: 'Distributor CV Maju Jaya dihapus' })));
    expect(writes(calls).map((c) => `${c.method} ${c.url.pathname}`)).toEqual([`DELETE ${LIST_API}/${MAJU.id}`]);
    expect(error).not.toHaveBeenCalled();
  });
});
