import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../../../lib/i18n.ts';
import type { Permissions } from '../lib/role-permissions.ts';
import { RoleMatrix } from './role-matrix.tsx';

let latest: Permissions = {};

function Harness({ initial = {}, readOnly = false }: { initial?: Permissions; readOnly?: boolean }) {
  const [value, setValue] = useState<Permissions>(initial);
  latest = value;
  return <RoleMatrix value={value} onChange={setValue} readOnly={readOnly} />;
}

/** The radio input of one cell (antd passes data-* either to the input or to its wrapper). */
function radio(key: string, level: string): HTMLInputElement {
  const element = screen.getByTestId(`matrix-${key}-${level}`);
  return (element instanceof HTMLInputElement ? element : element.querySelector('input')) as HTMLInputElement;
}

/** A table with a fixed header renders the header twice (one for measuring): the first is the visible one. */
const columnButton = (level: string) => screen.getAllByTestId(`matrix-all-${level}`)[0] as HTMLElement;

describe('RoleMatrix', () => {
  it('lists every menu key grouped like the menu, with translated titles', () => {
    render(<Harness />);
    expect(screen.getByText('Pengaturan')).toBeTruthy();
    expect(screen.getByText('Manajemen Pengguna')).toBeTruthy();
    expect(screen.getByText('Gudang')).toBeTruthy();
    expect(radio('warehouse', 'NONE').checked).toBe(true);
  });

  it('grants WRITE on an item and makes its group readable', () => {
    render(<Harness />);
    fireEvent.click(radio('warehouse', 'WRITE'));
    expect(latest).toEqual({ warehouse: 'WRITE', settings: 'READ' });
    expect(radio('warehouse', 'WRITE').checked).toBe(true);
    expect(radio('settings', 'READ').checked).toBe(true);
  });

  it('removes the items of a group taken away', () => {
    render(<Harness initial={{ settings: 'READ', warehouse: 'WRITE', 'user-management': 'READ', sales: 'READ' }} />);
    fireEvent.click(radio('settings', 'NONE'));
    expect(latest).toEqual({ sales: 'READ' });
    expect(radio('user-management', 'NONE').checked).toBe(true);
  });

  it('sets a whole column at once', () => {
    render(<Harness />);
    fireEvent.click(columnButton('READ'));
    expect(Object.values(latest).every((access) => access === 'READ')).toBe(true);
    expect(radio('dashboard', 'READ').checked).toBe(true);
  });

  it('is read-only for built-in roles', () => {
    render(<Harness initial={{ dashboard: 'WRITE' }} readOnly />);
    expect(radio('dashboard', 'WRITE').checked).toBe(true);
    expect(radio('dashboard', 'READ').disabled).toBe(true);
    expect(screen.queryByTestId('matrix-all-READ')).toBeNull();
    fireEvent.click(radio('dashboard', 'READ'));
    expect(latest).toEqual({ dashboard: 'WRITE' });
  });
});
