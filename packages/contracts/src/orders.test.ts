import { describe, expect, it } from 'vitest';
import { BulkOrderActionInput, ManualOrderInput, OrderCancelInput, OrderListQuery } from './orders.ts';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('order contracts', () => {
  it('a search text needs its parameter (spec part 5)', () => {
    expect(issues(OrderListQuery.safeParse({ q: 'INV-1' }))).toEqual([['search_by', 'SEARCH_PARAMETER_REQUIRED']]);
    expect(OrderListQuery.parse({ q: 'INV-1', search_by: 'order_number' })).toMatchObject({ tab: 'all', page: 1, size: 10 });
    expect(OrderListQuery.parse({ stock_short: 'true' }).stock_short).toBe(true);
    expect(issues(OrderListQuery.safeParse({ date_from: '2026-11-10', date_to: '2026-11-01' }))).toEqual([['date_to', 'DATE_RANGE']]);
  });
  it('a cancellation needs a reason', () => {
    expect(issues(OrderCancelInput.safeParse({}))).toEqual([['reason_id', 'REASON_REQUIRED']]);
    expect(issues(OrderCancelInput.safeParse({ reason_id: ' ' }))).toEqual([['reason_id', 'REASON_REQUIRED']]);
    expect(issues(BulkOrderActionInput.safeParse({ action: 'CANCEL', order_ids: ['0190c4b6-1c4a-7000-8000-000000000001'] }))).toEqual([
      ['reason_id', 'REASON_REQUIRED'],
    ]);
  });
  it('a manual order normalises the phone and refuses fractions of rupiah', () => {
    const base = {
      warehouse_id: '0190c4b6-1c4a-7000-8000-000000000001',
      order_date: '2026-11-24',
      buyer_name: 'Budi',
      buyer_phone: '0812-3456-7890',
      lines: [{ catalog_id: '0190c4b6-1c4a-7000-8000-000000000002', quantity: 2 }],
    };
    expect(ManualOrderInput.parse(base).buyer_phone).toBe('+6281234567890');
    expect(issues(ManualOrderInput.safeParse({ ...base, lines: [{ ...base.lines[0], unit_price: 10.5 }] }))).toEqual([
      ['lines.0.unit_price', 'INVALID_VALUE'],
    ]);
    expect(issues(ManualOrderInput.safeParse({ ...base, lines: [] }))).toEqual([['lines', 'REQUIRED']]);
  });
});
