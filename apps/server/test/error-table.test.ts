import { ERROR_CODES } from '@kelola/contracts';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, MODULE_ERRORS } from '../src/http/error-status.ts';

describe('the error table merged from the modules', () => {
  it('gives every code exactly one owner module and a status', () => {
    const owners = new Map<string, string[]>();
    for (const [module, table] of Object.entries(MODULE_ERRORS)) {
      for (const code of Object.keys(table)) owners.set(code, [...(owners.get(code) ?? []), module]);
    }
    const claimedTwice = [...owners].filter(([, modules]) => modules.length > 1);
    expect(claimedTwice).toEqual([]);
    expect([...owners.keys()].sort()).toEqual([...ERROR_CODES].sort());
    for (const code of ERROR_CODES) expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
  });
});
