import { DEFAULT_SETTINGS } from '@kelola/contracts/me';
import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR } from './ui-settings.ts';

describe('ui-settings', () => {
  it('keeps the primary colour the contracts’ default settings give (written out to keep zod off the first screen)', () => {
    expect(PRIMARY_COLOR).toBe(DEFAULT_SETTINGS.primary_color);
  });
});
