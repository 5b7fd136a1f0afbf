import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@kelola/contracts/workspaces';
import { mockApi, renderScreen } from '../../../test/render-screen.tsx';
import { RoleEditorModal } from './role-editor-modal.tsx';

const NO_MENU = 'Pilih minimal satu menu untuk peran ini.';

const KASIR: Role = {
  id: 'r-9',
  name: 'Kasir',
  is_system: false,
  permissions: { sales: 'READ' },
  member_count: 0,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const open = (role: Role | null) =>
  renderScreen(<RoleEditorModal open role={role} canWrite onClose={() => undefined} />, '/user-management?workspace_id=w-1');

/** The radio input of one matrix cell. */
function radio(key: string, level: string): HTMLInputElement {
  const element = screen.getByTestId(`matrix-${key}-${level}`);
  return (element instanceof HTMLInputElement ? element : element.querySelector('input')) as HTMLInputElement;
}

describe('RoleEditorModal', { timeout: 30_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a role with no menu on the permissions field, before sending', async () => {
    const calls = mockApi({ 'POST /api/roles': (call) => ({ status: 201, body: { ...KASIR, ...(call.body as object) } }) });
    open(null);
    fireEvent.change(await screen.findByLabelText('Nama peran'), { target: { value: 'Kosong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peran' }));
    expect(await screen.findByText(NO_MENU)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.click(radio('dashboard', 'READ'));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan peran' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Kosong', permissions: { dashboard: 'READ' } }),
    );
  });

  it("shows the server's ROLE_NO_MENU on the permissions field", async () => {
    mockApi({
      'PUT /api/roles/r-9': {
        status: 422,
        body: {
          code: 'ROLE_NO_MENU',
          message: 'ROLE_NO_MENU',
          details: { fields: [{ path: 'permissions', code: 'ROLE_NO_MENU', message: 'ROLE_NO_MENU' }] },
        },
      },
    });
    // A stale role whose grants the server no longer accepts as a menu: the form passes, the server refuses.
    open({ ...KASIR, permissions: { 'not-a-menu': 'READ' } as Role['permissions'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Simpan peran' }));
    expect(await screen.findByText(NO_MENU)).toBeTruthy();
    expect(screen.queryByTestId('role-error')).toBeNull();
  });
});
