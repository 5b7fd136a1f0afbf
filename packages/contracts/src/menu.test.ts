import { describe, expect, it } from 'vitest';
import { allows, MENU_KEYS, SYSTEM_ROLE_PERMISSIONS } from './menu.ts';

describe('permissions', () => {
  it('WRITE implies READ, READ does not imply WRITE, a missing key grants nothing', () => {
    expect(allows({ warehouse: 'WRITE' }, 'warehouse', 'READ')).toBe(true);
    expect(allows({ warehouse: 'READ' }, 'warehouse', 'WRITE')).toBe(false);
    expect(allows({}, 'warehouse', 'READ')).toBe(false);
  });

  it('menu keys are unique', () => {
    expect(new Set(MENU_KEYS).size).toBe(MENU_KEYS.length);
  });

  it('the built-in roles grant only known keys, and the Owner everything', () => {
    for (const permissions of Object.values(SYSTEM_ROLE_PERMISSIONS)) {
      for (const key of Object.keys(permissions)) expect(MENU_KEYS).toContain(key);
    }
    expect(Object.keys(SYSTEM_ROLE_PERMISSIONS.Owner).length).toBe(MENU_KEYS.length);
  });
});
