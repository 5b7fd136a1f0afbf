import { describe, expect, it } from 'vitest';
import { uuidv7 } from './ids.ts';

describe('uuidv7', () => {
  it('makes unique, time-ordered version 7 ids across many refills of its random pool', () => {
    const now = Date.UTC(2026, 10, 22, 8, 0, 0);
    const ids = Array.from({ length: 3000 }, (_v, i) => uuidv7(now + Math.floor(i / 1000)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/u);
    expect([...ids].sort()).toEqual(ids);
    expect(parseInt(ids[0]!.replace(/-/gu, '').slice(0, 12), 16)).toBe(now);
  });
});
