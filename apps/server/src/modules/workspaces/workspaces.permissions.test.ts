import { describe, expect, it } from 'vitest';
import { normalizePermissions } from './workspaces.permissions.ts';

describe('normalizePermissions', () => {
  it('opens the groups above a granted key for reading', () => {
    expect(normalizePermissions({ 'stock-adjustment': 'WRITE' })).toEqual({ 'stock-adjustment': 'WRITE', inventory: 'READ' });
  });

  it('keeps an explicit grant on a group', () => {
    expect(normalizePermissions({ product: 'READ', 'product-master': 'WRITE' })).toEqual({ product: 'READ', 'product-master': 'WRITE' });
  });

  it('drops keys the menu does not know', () => {
    expect(normalizePermissions({ dashboard: 'READ', 'not-a-menu': 'WRITE' })).toEqual({ dashboard: 'READ' });
  });
});
