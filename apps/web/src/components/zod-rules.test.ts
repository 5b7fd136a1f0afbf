import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import { WarehouseInput } from '@kelola/contracts/warehouses';
import { i18n } from '../lib/i18n.ts';
import { isRequiredSchema, zodField, zodFieldRule } from './zod-rules.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = (rule: FormRule, value: unknown) => (rule as { validator: Validator }).validator({}, value);

describe('zod rules', () => {
  it('passes a valid value and fails with the translated issue key', async () => {
    const { rules, required } = zodField(WarehouseInput, 'name', 'Nama Gudang');
    expect(required).toBe(true);
    await expect(validate(rules[0]!, 'Gudang Bandung')).resolves.toBeUndefined();
    await expect(validate(rules[0]!, '   ')).rejects.toThrow('Wajib diisi.');
    await expect(validate(rules[0]!, undefined)).rejects.toThrow('Wajib diisi.');
    await expect(validate(rules[0]!, 'x'.repeat(101))).rejects.toThrow('Maksimal 100 karakter.');
  });

  it('names the field in messages that need it (NO_SPACE)', async () => {
    const { rules } = zodField(WarehouseInput, 'code', 'Kode Gudang');
    await expect(validate(rules[0]!, 'JKT 01')).rejects.toThrow('Kode Gudang tidak boleh mengandung spasi.');
  });

  it('uses the custom keys of the contracts (phone, postal code, area code)', async () => {
    await expect(validate(zodField(WarehouseInput, 'phone').rules[0]!, '123')).rejects.toThrow('Nomor HP tidak valid.');
    await expect(validate(zodField(WarehouseInput, 'phone').rules[0]!, '0812 3456 7890')).resolves.toBeUndefined();
    await expect(validate(zodField(WarehouseInput, 'postal_code').rules[0]!, '0123')).rejects.toThrow('Kode pos harus 5 angka.');
    await expect(validate(zodField(WarehouseInput, 'postal_code').rules[0]!, '')).resolves.toBeUndefined();
    await expect(validate(zodField(WarehouseInput, 'city_code').rules[0]!, null)).rejects.toThrow('Wajib diisi.');
  });

  it('marks optional fields as not required', () => {
    expect(zodField(WarehouseInput, 'external_code').required).toBe(false);
    expect(zodField(WarehouseInput, 'province_code').required).toBe(true);
    expect(isRequiredSchema(WarehouseInput.shape.business_id)).toBe(false);
  });

  it('translates in the current language', async () => {
    await i18n.changeLanguage('en');
    try {
      await expect(validate(zodFieldRule(WarehouseInput.shape.code, 'Warehouse Code'), 'A B')).rejects.toThrow(
        'Warehouse Code should not contain space',
      );
    } finally {
      await i18n.changeLanguage('id');
    }
  });

  it('refuses a field the schema does not have', () => {
    expect(() => zodField(WarehouseInput, 'no_such_field')).toThrow('no_such_field');
  });
});
