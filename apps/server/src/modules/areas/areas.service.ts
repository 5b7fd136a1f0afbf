import { AREA_LEVELS, COUNTRY_CODE, COUNTRY_NAME, type Area, type AreaDetail, type AreaLevel, type FieldIssue } from '@kelola/contracts';
import type { Ctx } from '../../http/context.ts';
import { DomainError } from '../../platform/errors.ts';
import * as repo from './areas.repository.ts';

const COUNTRY: Area = { code: COUNTRY_CODE, name: COUNTRY_NAME, level: 'country', parent_code: null, postal_code: null };

const toArea = (row: repo.AreaRow): Area => ({
  code: row.code,
  name: row.name,
  level: AREA_LEVELS[row.level] ?? 'subdistrict',
  parent_code: row.parentCode ?? COUNTRY_CODE,
  postal_code: row.postalCode,
});

/** Kemendagri codes nest by prefix: 31.73.05.1001 → 31, 31.73, 31.73.05. */
const ancestorCodes = (code: string): string[] => {
  const parts = code.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
};

/** The children of an area (the provinces when parent is absent or the country), sorted by name. */
export async function listAreas(ctx: Ctx, parent: string | undefined): Promise<{ items: Area[] }> {
  if (parent === undefined || parent === COUNTRY_CODE) return { items: (await repo.listChildAreas(ctx, null)).map(toArea) };
  const children = await repo.listChildAreas(ctx, parent);
  if (children.length === 0) {
    // An empty answer must still tell "a subdistrict has no children" from "no such area".
    const [exists] = await repo.findAreasByCodes(ctx, [parent]);
    if (!exists) throw new DomainError('AREA_NOT_FOUND');
  }
  return { items: children.map(toArea) };
}

/** One area with its ancestors from the country down. */
export async function getArea(ctx: Ctx, code: string): Promise<AreaDetail> {
  if (code === COUNTRY_CODE) return { ...COUNTRY, ancestors: [] };
  const rows = await repo.findAreasByCodes(ctx, [code, ...ancestorCodes(code)]);
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const row = byCode.get(code);
  if (!row) throw new DomainError('AREA_NOT_FOUND');
  const ancestors = ancestorCodes(code).flatMap((c) => {
    const ancestor = byCode.get(c);
    return ancestor ? [toArea(ancestor)] : [];
  });
  return { ...toArea(row), ancestors: [COUNTRY, ...ancestors] };
}

/** Names of many areas in one query, for answers that show codes with their names. */
export async function areaNames(ctx: Ctx, codes: readonly string[]): Promise<Map<string, string>> {
  const names = new Map((await repo.findAreasByCodes(ctx, codes)).map((row) => [row.code, row.name]));
  names.set(COUNTRY_CODE, COUNTRY_NAME);
  return names;
}

export type AreaPath = { province_code: string; city_code: string; district_code: string; subdistrict_code: string };

const PATH: { field: keyof AreaPath; level: AreaLevel }[] = [
  { field: 'province_code', level: 'province' },
  { field: 'city_code', level: 'city' },
  { field: 'district_code', level: 'district' },
  { field: 'subdistrict_code', level: 'subdistrict' },
];

/**
 * Checks an address's area path: each code exists at its level (AREA_NOT_FOUND) and lies inside the one above
 * (AREA_MISMATCH). Returns field issues named after the input fields; empty when the path is sound.
 */
export async function checkAreaPath(ctx: Ctx, path: AreaPath): Promise<FieldIssue[]> {
  const rows = await repo.findAreasByCodes(
    ctx,
    PATH.map((p) => path[p.field]),
  );
  const byCode = new Map(rows.map((row) => [row.code, row]));
  const issues: FieldIssue[] = [];
  let parent: repo.AreaRow | null = null;
  for (const { field, level } of PATH) {
    const row = byCode.get(path[field]);
    const found = row && AREA_LEVELS[row.level] === level ? row : undefined;
    if (!found) issues.push({ path: field, code: 'AREA_NOT_FOUND', message: 'AREA_NOT_FOUND' });
    // A mismatch is reported only where both ends exist: a missing parent already has its own issue.
    else if (parent && found.parentCode !== parent.code) issues.push({ path: field, code: 'AREA_MISMATCH', message: 'AREA_MISMATCH' });
    parent = found ?? null;
  }
  return issues;
}
