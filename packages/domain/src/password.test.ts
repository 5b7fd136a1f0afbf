import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password.ts';

describe('passwordProblems', () => {
  it('accepts a password meeting every rule', () => {
    expect(passwordProblems('Kelola#2026')).toEqual([]);
  });
  it('names each broken rule', () => {
    expect(passwordProblems('abc')).toEqual(['PASSWORD_MIN', 'PASSWORD_UPPERCASE', 'PASSWORD_NUMBER', 'PASSWORD_SPECIAL']);
    expect(passwordProblems('mangga7!')).toEqual(['PASSWORD_UPPERCASE']);
    expect(passwordProblems('Mangga!')).toEqual(['PASSWORD_NUMBER']);
    expect(passwordProblems('Mangga7')).toEqual(['PASSWORD_SPECIAL']);
  });
  it('rejects common passwords dressed up to pass the rules', () => {
    expect(passwordProblems('Password1!')).toContain('PASSWORD_COMMON');
    expect(passwordProblems('Qwerty123!')).toContain('PASSWORD_COMMON');
    expect(passwordProblems('Bismillah1@')).toContain('PASSWORD_COMMON');
  });
});
