import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './errors.ts';
import { MENU_KEYS } from './menu.ts';
import idErrors from '../locales/id/errors.json' with { type: 'json' };
import enErrors from '../locales/en/errors.json' with { type: 'json' };
import idValidation from '../locales/id/validation.json' with { type: 'json' };
import enValidation from '../locales/en/validation.json' with { type: 'json' };
import idMenu from '../locales/id/menu.json' with { type: 'json' };
import enMenu from '../locales/en/menu.json' with { type: 'json' };
import idMessages from '../locales/id/messages.json' with { type: 'json' };
import enMessages from '../locales/en/messages.json' with { type: 'json' };

describe('shared locale files', () => {
  it.each([
    ['errors', idErrors, enErrors],
    ['validation', idValidation, enValidation],
    ['menu', idMenu, enMenu],
    ['messages', idMessages, enMessages],
  ])('%s has the same keys in Indonesian and English', (_name, id, en) => {
    expect(Object.keys(id).sort()).toEqual(Object.keys(en).sort());
  });

  it('every error code has a text', () => {
    for (const code of ERROR_CODES) expect(Object.keys(idErrors)).toContain(code);
    expect(Object.keys(idErrors).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('every menu key has a title', () => {
    expect(Object.keys(idMenu).sort()).toEqual([...MENU_KEYS].sort());
  });
});
