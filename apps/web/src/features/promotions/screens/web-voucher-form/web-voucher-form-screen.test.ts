import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { WebVoucherItemInput } from '@kelola/contracts/promotions';
import { toVoucherItem } from './web-voucher-form-screen.tsx';

const base = {
  voucher_code: ' ONGKIR15 ',
  transaction_data: { value: 15_000, type: 'AMOUNT', min_transaction: 50_000, max_discount: 15_000 },
  validity: [dayjs('2026-11-25T10:00:00+07:00'), dayjs('2026-11-30T10:00:00+07:00')] as [dayjs.Dayjs, dayjs.Dayjs],
  f_combined: false,
  f_allstore: true,
  qty: 100,
};

describe('web voucher save body (spec part 5)', () => {
  it('sends courier_list only for type 3 and an empty reference_list', () => {
    const courier = toVoucherItem({ ...base, type_id: 3, courier_list: ['jne'], reference_list: ['x'] });
    expect(courier).toMatchObject({ voucher_code: 'ONGKIR15', type_id: 3, courier_list: ['jne'], reference_list: [] });
    expect(WebVoucherItemInput.safeParse(courier).success).toBe(true);
    const product = toVoucherItem({ ...base, type_id: 2, courier_list: ['jne'], reference_list: ['0192f000-0000-7000-8000-000000000001'] });
    expect(product).not.toHaveProperty('courier_list');
    expect(product.reference_list).toEqual(['0192f000-0000-7000-8000-000000000001']);
  });

  it('sends numbers, validity as unix seconds, and no store_list for all stores', () => {
    const body = toVoucherItem({ ...base, type_id: 3, courier_list: ['jne'], store_list: ['toko-1'] });
    expect(typeof body.transaction_data.value).toBe('number');
    expect(typeof body.qty).toBe('number');
    expect(body.validity.from).toBe(dayjs('2026-11-25T10:00:00+07:00').startOf('day').unix());
    expect(body.validity.until).toBe(dayjs('2026-11-30T10:00:00+07:00').endOf('day').unix());
    expect(body.store_list).toEqual([]);
    expect(toVoucherItem({ ...base, type_id: 3, f_allstore: false, store_list: ['toko-1'] }).store_list).toEqual(['toko-1']);
  });
});
