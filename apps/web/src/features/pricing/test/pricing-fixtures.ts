import type { Me } from '@kelola/contracts/me';
import type { Variable } from '@kelola/contracts/pricing';
import { ME } from '../../../test/fixtures.ts';

export const WORKSPACE = 'w-1';

export const PPN: Variable = {
  id: '01a20090-0000-7000-8000-000000000001',
  kind: 'GLOBAL',
  name: 'ppn',
  short_description: 'PPN 11%',
  value: '1.11',
  used_by: 2,
  created_at: '2026-11-21T22:56:34.137Z',
  updated_at: '2026-11-21T22:56:34.137Z',
};

export const PACKING: Variable = {
  ...PPN,
  id: '01a20090-0000-7000-8000-000000000002',
  name: 'biaya_kemas',
  short_description: 'Biaya kemasan',
  value: '2500',
  used_by: 0,
};

export const page = <T>(items: T[]) => ({ items, page: 1, size: 10, total_row: items.length });

/** The demo user with the given access on every pricing menu key. */
export function meWith(access: 'READ' | 'WRITE'): Me {
  return {
    ...ME,
    permissions: {
      'global-variable': access,
      'formula-variable': access,
      'product-variable': access,
      'price-formula': access,
      price: access,
      product: 'READ',
    },
  };
}
