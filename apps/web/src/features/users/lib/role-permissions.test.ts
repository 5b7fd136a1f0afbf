import { describe, expect, it } from 'vitest';
import { MENU_KEYS } from '@kelola/contracts/menu';
import { MATRIX_ROWS, setAccess, setAllAccess } from './role-permissions.ts';

describe('role permissions', () => {
  it('has one row per menu key, in menu order', () => {
    expect(MATRIX_ROWS.map((row) => row.key)).toEqual(MENU_KEYS);
    expect(MATRIX_ROWS.find((row) => row.key === 'warehouse')).toMatchObject({ depth: 1, parents: ['settings'], isGroup: false });
  });

  it('makes the groups above a granted item readable', () => {
    expect(setAccess({}, 'warehouse', 'WRITE')).toEqual({ warehouse: 'WRITE', settings: 'READ' });
    expect(setAccess({ settings: 'WRITE' }, 'warehouse', 'READ')).toEqual({ warehouse: 'READ', settings: 'WRITE' });
  });

  it('takes the items away with their group', () => {
    const granted = setAccess(setAccess({}, 'warehouse', 'WRITE'), 'user-management', 'READ');
    expect(setAccess(granted, 'settings', null)).toEqual({});
    expect(setAccess(granted, 'warehouse', null)).toEqual({ settings: 'READ', 'user-management': 'READ' });
  });

  it('sets every key at once', () => {
    expect(Object.keys(setAllAccess('READ'))).toHaveLength(MENU_KEYS.length);
    expect(setAllAccess(null)).toEqual({});
  });
});
