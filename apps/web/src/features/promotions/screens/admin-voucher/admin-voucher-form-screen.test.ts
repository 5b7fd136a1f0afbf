import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { AdminVoucherInput, ShopeePromotionInput } from '@kelola/contracts/promotions';
import { toShopeeBody } from '../shopee/shopee-promotion-form-screen.tsx';
import { ApiError } from '../../../../lib/api-error.ts';
import { onPeriods, toAdminVoucherBody } from './admin-voucher-form-screen.tsx';

describe('admin voucher save body', () => {
  it('sends numbers and the two periods as calendar dates; a non-id channel is sent as null', () => {
    const body = toAdminVoucherBody(
      {
        name: ' Voucher Member ',
        code: ' MEMBER10 ',
        value_type: 'PERCENTAGE',
        value: 10,
        get_period: [dayjs('2026-11-20T08:00:00'), dayjs('2026-11-30T08:00:00')],
        use_period: [dayjs('2026-11-20T08:00:00'), dayjs('2026-12-10T08:00:00')],
        quota: 50,
        min_transaction: 100_000,
      },
      'all',
    );
    expect(body).toMatchObject({
      channel_id: null,
      name: 'Voucher Member',
      code: 'MEMBER10',
      type: 'DISCOUNT',
      value: 10,
      get_start: '2026-11-20',
      get_end: '2026-11-30',
      use_start: '2026-11-20',
      use_end: '2026-12-10',
      quota: 50,
      per_customer_limit: 1,
      min_transaction: 100_000,
      combinable: false,
    });
    expect(AdminVoucherInput.safeParse(body).success).toBe(true);
    expect(toAdminVoucherBody({}, '0192f000-0000-7000-8000-00000000d3b0').channel_id).toBe('0192f000-0000-7000-8000-00000000d3b0');
  });
});

describe('admin voucher period errors', () => {
  it('puts the server error of a period end on the range field of that period', () => {
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Periksa isian', {
      fields: [
        { path: 'use_end', code: 'DATE_RANGE', message: 'DATE_RANGE' },
        { path: 'code', code: 'INVALID_VALUE', message: 'INVALID_VALUE' },
      ],
    });
    expect((onPeriods(error) as ApiError).fieldIssues.map((f) => f.path)).toEqual(['use_period', 'code']);
  });
});

describe('Shopee discount save body', () => {
  it('sends whole minutes as ISO instants, only rows with a SKU, and the shop on create only', () => {
    const values = {
      name: ' Flash Sale ',
      period: [dayjs('2026-12-12T10:00:42'), dayjs('2026-12-13T10:00:00')] as [dayjs.Dayjs, dayjs.Dayjs],
      items: [{ catalog_id: '0192f000-0000-7000-8000-000000000001', promotion_price: 50_000 }, {}],
    };
    const created = toShopeeBody(values, '0192f000-0000-7000-8000-000000000009');
    expect(created.start_time.endsWith(':00.000Z')).toBe(true);
    expect(created.items).toEqual([{ catalog_id: '0192f000-0000-7000-8000-000000000001', promotion_price: 50_000, purchase_limit: 0 }]);
    expect(ShopeePromotionInput.safeParse(created).success).toBe(true);
    expect(toShopeeBody(values, null)).not.toHaveProperty('shop_id');
  });
});
