import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ME } from '../test/fixtures.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { PermissionGate } from './permission-gate.tsx';
import { useCan } from './use-can.ts';

function Probe() {
  return (
    <>
      <span data-testid="read">{String(useCan('warehouse', 'READ'))}</span>
      <span data-testid="write">{String(useCan('warehouse', 'WRITE'))}</span>
      <PermissionGate menuKey="warehouse" action="WRITE" fallback={<span>no-write</span>}>
        <button type="button">Tambah Gudang</button>
      </PermissionGate>
    </>
  );
}

const withPermissions = (permissions: Record<string, 'READ' | 'WRITE'>) => ({ ...ME, permissions });

describe('useCan and PermissionGate', () => {
  it('allows WRITE (which implies READ) from me.permissions of the page workspace', () => {
    renderWithRouter(<Probe />, { path: '/warehouse?workspace_id=w-1', me: withPermissions({ warehouse: 'WRITE' }) });
    expect(screen.getByTestId('read').textContent).toBe('true');
    expect(screen.getByTestId('write').textContent).toBe('true');
    expect(screen.getByText('Tambah Gudang')).toBeTruthy();
  });

  it('hides WRITE actions from a READ-only role and shows the fallback', () => {
    renderWithRouter(<Probe />, { path: '/warehouse?workspace_id=w-1', me: withPermissions({ warehouse: 'READ' }) });
    expect(screen.getByTestId('read').textContent).toBe('true');
    expect(screen.getByTestId('write').textContent).toBe('false');
    expect(screen.queryByText('Tambah Gudang')).toBeNull();
    expect(screen.getByText('no-write')).toBeTruthy();
  });

  it('grants nothing for a missing key', () => {
    renderWithRouter(<Probe />, { path: '/warehouse', me: withPermissions({ dashboard: 'WRITE' }) });
    expect(screen.getByTestId('read').textContent).toBe('false');
    expect(screen.queryByText('Tambah Gudang')).toBeNull();
  });
});
