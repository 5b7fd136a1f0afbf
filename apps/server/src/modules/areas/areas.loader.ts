import { getDistricts, getProvinces, getRegencies, getVillages } from 'idn-area-data';
import type { Database } from '../../platform/db/database.ts';

/** One row of the areas table as the loader writes it. */
export type AreaSeedRow = { code: string; parent_code: string | null; level: 1 | 2 | 3 | 4; name: string };

export type LoadAreasOptions = {
  /** Only these province codes (with all their cities, districts and subdistricts); every province row is always loaded. */
  only?: readonly string[];
};

export type LoadAreasResult = { expected: number; inserted: number; ms: number };

// Rows per INSERT: one JSON parameter per batch keeps the statement count (and PGlite's per-statement cost) low.
const BATCH = 10_000;

let parsed: Promise<AreaSeedRow[]> | null = null;

/** The whole idn-area-data tree (Kepmendagri 2025, 91,599 rows), parsed once per process. */
function allAreaRows(): Promise<AreaSeedRow[]> {
  parsed ??= (async () => {
    const [provinces, regencies, districts, villages] = await Promise.all([getProvinces(), getRegencies(), getDistricts(), getVillages()]);
    return [
      ...provinces.map((p) => ({ code: p.code, parent_code: null, level: 1 as const, name: p.name })),
      ...regencies.map((r) => ({ code: r.code, parent_code: r.province_code, level: 2 as const, name: r.name })),
      ...districts.map((d) => ({ code: d.code, parent_code: d.regency_code, level: 3 as const, name: d.name })),
      ...villages.map((v) => ({ code: v.code, parent_code: v.district_code, level: 4 as const, name: v.name })),
    ].filter((row) => row.code.length > 0);
  })();
  return parsed;
}

/**
 * Fills the shared areas table from idn-area-data when rows are missing (first start, or a subset loaded by tests).
 * Idempotent and safe when several processes start at once: existing codes are left alone.
 * idn-area-data carries no postal codes, so postal_code stays null; warehouses keep their own postal code.
 */
export async function loadAreas(database: Database, options: LoadAreasOptions = {}): Promise<LoadAreasResult> {
  const started = performance.now();
  const only = options.only ? new Set(options.only) : null;
  const rows = (await allAreaRows()).filter((row) => !only || row.level === 1 || only.has(row.code.slice(0, 2)));
  const [present] = (
    only
      ? await database.query("select count(*)::int as n from areas where level = 1 or split_part(code, '.', 1) = any($1::text[])", [
          [...only],
        ])
      : await database.query('select count(*)::int as n from areas')
  ).rows;
  if (Number(present?.n ?? 0) >= rows.length) return { expected: rows.length, inserted: 0, ms: performance.now() - started };
  let inserted = 0;
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    const result = await database.query(
      `insert into areas (code, parent_code, level, name)
       select code, parent_code, level, name from json_to_recordset($1::json) as t(code text, parent_code text, level smallint, name text)
       on conflict (code) do nothing`,
      [JSON.stringify(batch)],
    );
    inserted += (result as { affectedRows?: number; rowCount?: number }).affectedRows ?? (result as { rowCount?: number }).rowCount ?? 0;
  }
  return { expected: rows.length, inserted, ms: performance.now() - started };
}
