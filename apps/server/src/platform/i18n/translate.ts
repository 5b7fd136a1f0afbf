import idErrors from '@kelola/contracts/locales/id/errors.json' with { type: 'json' };
import enErrors from '@kelola/contracts/locales/en/errors.json' with { type: 'json' };
import idValidation from '@kelola/contracts/locales/id/validation.json' with { type: 'json' };
import enValidation from '@kelola/contracts/locales/en/validation.json' with { type: 'json' };
import idMenu from '@kelola/contracts/locales/id/menu.json' with { type: 'json' };
import enMenu from '@kelola/contracts/locales/en/menu.json' with { type: 'json' };
import idMessages from '@kelola/contracts/locales/id/messages.json' with { type: 'json' };
import enMessages from '@kelola/contracts/locales/en/messages.json' with { type: 'json' };

export type Locale = 'id' | 'en';
export type Namespace = 'errors' | 'validation' | 'menu' | 'messages';

const catalogues: Record<Locale, Record<Namespace, Record<string, string>>> = {
  id: { errors: idErrors, validation: idValidation, menu: idMenu, messages: idMessages },
  en: { errors: enErrors, validation: enValidation, menu: enMenu, messages: enMessages },
};

/** Same {{placeholder}} syntax as i18next on the web, so both read one set of files. */
export function translate(locale: Locale, ns: Namespace, key: string, params: Record<string, unknown> = {}): string | undefined {
  const text = catalogues[locale][ns][key] ?? catalogues.id[ns][key];
  if (text === undefined) return undefined;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/gu, (_, name: string) => String(params[name] ?? ''));
}

export function localeFrom(acceptLanguage: string | undefined): Locale {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'id';
}
