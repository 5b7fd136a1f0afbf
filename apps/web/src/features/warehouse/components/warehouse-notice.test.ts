import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { warehouseNotice } from './warehouse-notice.ts';

describe('warehouseNotice', () => {
  afterEach(() => changeLanguage('id'));

  it('says "Gudang" once whether or not the name starts with it', () => {
    expect(warehouseNotice('created', 'Gudang Medan')).toBe('Gudang Medan berhasil ditambahkan');
    expect(warehouseNotice('created', 'gudang medan')).toBe('gudang medan berhasil ditambahkan');
    expect(warehouseNotice('created', 'Medan')).toBe('Gudang Medan berhasil ditambahkan');
    expect(warehouseNotice('updated', 'Gudang Medan')).toBe('Gudang Medan berhasil diperbarui');
    expect(warehouseNotice('created', 'Gudangku')).toBe('Gudang Gudangku berhasil ditambahkan');
  });

  it('says "Warehouse" once in English', async () => {
    await changeLanguage('en');
    expect(warehouseNotice('created', 'Warehouse Medan')).toBe('Warehouse Medan was added');
    expect(warehouseNotice('created', 'Gudang Medan')).toBe('Warehouse Gudang Medan was added');
  });
});
