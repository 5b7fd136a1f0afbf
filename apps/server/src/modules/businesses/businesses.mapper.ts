import { CURRENCY_IDS, type Business, type BusinessInput } from '@kelola/contracts';
import { parseNpwp } from '@kelola/domain';
import type { z } from 'zod';
import type { BusinessRow, NewBusiness } from './businesses.service.ts';

/** The JSON answer: the spec's snake_case names, business_id beside id as the selector expects. */
export function toBusinessJson(row: BusinessRow): Business {
  return {
    id: row.id,
    business_id: row.id,
    name: row.name,
    currency: row.currency,
    currency_id: CURRENCY_IDS[row.currency],
    category: row.category,
    company_name: row.companyName,
    tax_liability: row.taxLiability,
    npwp: row.npwp,
    npwp_checksum_ok: row.npwp ? (parseNpwp(row.npwp)?.checksumOk ?? null) : null,
    address: row.address,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function fromBusinessInput(body: z.output<typeof BusinessInput>): NewBusiness {
  return {
    name: body.name,
    currency: body.currency,
    category: body.category ?? null,
    companyName: body.company_name ?? null,
    taxLiability: body.tax_liability,
    npwp: body.npwp ?? null,
    address: body.address ?? null,
  };
}
