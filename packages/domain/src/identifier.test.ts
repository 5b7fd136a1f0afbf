import { describe, expect, it } from 'vitest';
import { normalizePhone, parseIdentifier } from './identifier.ts';

describe('parseIdentifier', () => {
  it('reads e-mails in lower case', () => {
    expect(parseIdentifier(' Demo@Kelola.ID ')).toEqual({ type: 'email', value: 'demo@kelola.id' });
  });
  it('reads Indonesian mobile numbers in every usual form as E.164', () => {
    for (const raw of ['081234567890', '6281234567890', '+62 812-3456-7890']) {
      expect(parseIdentifier(raw)).toEqual({ type: 'phone', value: '+6281234567890' });
    }
  });
  it('rejects what is neither', () => {
    expect(parseIdentifier('demo@')).toBeNull();
    expect(parseIdentifier('12')).toBeNull();
    expect(normalizePhone('abc')).toBeNull();
  });
});
