import { identifier } from '@kelola/contracts/validation';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { zodRule } from '../../../lib/form-errors.ts';
import { identifierRule } from './field-rules.ts';

type Validator = (rule: never, value: unknown) => Promise<void>;
const check = async (rule: object, value: unknown): Promise<string | null> => {
  try {
    await (rule as { validator: Validator }).validator({} as never, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('identifierRule (the sign-in field without zod)', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('id');
  });

  const inputs: unknown[] = [
    undefined,
    null,
    '',
    '   ',
    7,
    'a@b.co',
    '  owner@example.com  ',
    'owner@',
    'owner example@mail.com',
    '081234567890',
    ' +6281234567890 ',
    '6281234567890',
    '0812',
    '+14155552671',
    '0212345678',
    'not an identifier',
  ];

  it('answers as the contracts’ zod rule does, in both languages', async () => {
    for (const language of ['id', 'en'] as const) {
      await i18n.changeLanguage(language);
      for (const value of inputs)
        expect([language, value, await check(identifierRule, value)]).toEqual([language, value, await check(zodRule(identifier), value)]);
    }
    await i18n.changeLanguage('id');
  });

  it('refuses an empty value and a value that is neither an e-mail address nor a mobile number', async () => {
    expect(await check(identifierRule, '  ')).toBe('Wajib diisi.');
    expect(await check(identifierRule, 'abc')).toBe('Masukkan email atau nomor HP yang valid.');
    expect(await check(identifierRule, '081234567890')).toBeNull();
  });
});
