import { describe, expect, it } from 'vitest';
import { cutMenuTitle, MENU_TITLE_MAX } from './menu-title.ts';

describe('cutMenuTitle', () => {
  it('keeps titles of up to 17 characters', () => {
    expect(MENU_TITLE_MAX).toBe(17);
    expect(cutMenuTitle('Pengaturan Akun')).toBe('Pengaturan Akun');
    expect(cutMenuTitle('12345678901234567')).toBe('12345678901234567');
  });

  it('cuts longer titles to 17 characters plus an ellipsis', () => {
    expect(cutMenuTitle('123456789012345678')).toBe('12345678901234567…');
    expect(cutMenuTitle('Pesanan Penjualan Kanal')).toBe('Pesanan Penjualan…');
  });

  it('counts characters, not UTF-16 units', () => {
    expect(cutMenuTitle('🛒'.repeat(18))).toBe(`${'🛒'.repeat(17)}…`);
  });
});
