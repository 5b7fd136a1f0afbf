import { beforeAll, describe, expect, it } from 'vitest';
import { validationText } from './error-text.ts';
import { i18n } from './i18n.ts';

beforeAll(async () => {
  await i18n.changeLanguage('id');
});

describe('validationText', () => {
  it('translates a rule code and an error code placed on a field', () => {
    expect(validationText({ code: 'REQUIRED', message: 'Wajib diisi.' })).toBe(i18n.t('validation:REQUIRED'));
    expect(validationText({ code: 'SAME_WAREHOUSE', message: 'SAME_WAREHOUSE' })).toBe('Gudang tujuan harus berbeda dari gudang asal.');
  });

  it('fills a rule’s limit from the values given, else takes the server’s text, never shows a placeholder', () => {
    expect(validationText({ code: 'TOO_BIG' }, { maximum: 100 })).toBe('Nilai maksimal 100.');
    expect(validationText({ code: 'TOO_BIG', message: 'Nilai maksimal 1000000.' })).toBe('Nilai maksimal 1000000.');
  });

  it('falls back to the message, then to a generic text', () => {
    expect(validationText({ code: 'lowercase_thing', message: 'Sesuatu salah.' })).toBe('Sesuatu salah.');
    expect(validationText({})).toBe(i18n.t('validation:INVALID_FORMAT'));
  });
});
