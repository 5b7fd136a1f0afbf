import enUS from 'antd/es/locale/en_US';
import idID from 'antd/es/locale/id_ID';
import { useSyncExternalStore } from 'react';
import { FORMAT_LOCALES, formatLocaleFiles } from './format-locales.ts';
import { currentLanguage } from './i18n.ts';

/**
 * The format locale (me.settings.locale, e.g. `ms-MY`): dates, numbers, antd's locale provider and dayjs follow it,
 * while interface texts stay Indonesian or English. null: none chosen yet, formats follow the interface language.
 */
let formatLocale: string | null = null;
const listeners = new Set<() => void>();

/** The chosen format locale when antd offers it, else null (an unknown value falls back to the language). */
export function toFormatLocale(value: string | null | undefined): string | null {
  const wanted = (value ?? '').toLowerCase();
  return FORMAT_LOCALES.find((entry) => entry.code.toLowerCase() === wanted)?.code ?? null;
}

export function setFormatLocale(value: string | null | undefined): void {
  const next = toFormatLocale(value);
  if (next === formatLocale) return;
  formatLocale = next;
  for (const listener of listeners) listener();
}

/** The locale dates and numbers are written in: the chosen format locale, else the interface language's. */
export function currentFormatLocale(): string {
  return formatLocale ?? (currentLanguage() === 'en' ? 'en-GB' : 'id-ID');
}

/** The chosen format locale (null when none), re-rendering when it changes. */
export function useFormatLocale(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => formatLocale,
  );
}

/** The locale's own name ("Bahasa Melayu (Malaysia)") via Intl.DisplayNames, or the code when the runtime lacks it. */
export function ownLocaleName(code: string): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Minor units per major unit as Kelola stores money (ADR 0008): the rupiah has no sen in use, the ringgit has sen. */
export const MINOR_UNITS: Record<'IDR' | 'MYR', number> = { IDR: 1, MYR: 100 };

/** Rp1.500.000 with no decimals (STYLE rule 11). Amounts are integers in the currency's minor units. */
export function formatMoney(minorUnits: number | bigint, currency: 'IDR' | 'MYR' = 'IDR'): string {
  const major = Number(minorUnits) / MINOR_UNITS[currency];
  if (currency === 'IDR') {
    const text = new Intl.NumberFormat('id-ID', { maximumFractionDigits: 0 }).format(Math.round(major));
    return `Rp${text}`;
  }
  return new Intl.NumberFormat('ms-MY', { style: 'currency', currency }).format(major);
}

/** Dates are shown in Asia/Jakarta by default. */
export function formatDateTime(value: string | Date, withTime = true): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(currentFormatLocale(), {
    timeZone: 'Asia/Jakarta',
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

/**
 * dayjs itself is not in the first chunk (ADR 0063): the sign-in page draws no date. `lib/dayjs-language.ts` (imported
 * by the signed-in layout and by every module that draws or computes dates) hands its `locale` setter over when it
 * loads; until then the wanted locale is only kept, and applied then.
 */
let applyDayjsLocale: ((name: string) => void) | null = null;
let wantedDayjsLocale = 'id';
function chooseDayjsLocale(name: string): void {
  wantedDayjsLocale = name;
  applyDayjsLocale?.(name);
}

/** Called once by lib/dayjs-language.ts with dayjs's global locale setter: applies the locale wanted so far. */
export function provideDayjsLocale(apply: (name: string) => void): void {
  applyDayjsLocale = apply;
  apply(wantedDayjsLocale);
}

/** dayjs follows the language until the chosen format locale's dayjs file has loaded (see loadFormatLocale). */
export function setDayjsLanguage(language: string): void {
  const entry = FORMAT_LOCALES.find((item) => item.code === formatLocale);
  if (entry && loadedDayjs.has(entry.dayjs)) chooseDayjsLocale(entry.dayjs);
  else chooseDayjsLocale(language === 'en' ? 'en' : 'id');
}

const loadedDayjs = new Set(['en', 'id']);

/** Loads the antd locale and the dayjs locale of a format locale (their own chunks) and switches dayjs to it. */
export async function loadFormatLocale(code: string) {
  const entry = FORMAT_LOCALES.find((item) => item.code === code);
  if (!entry) return null;
  // The interface's own locales are in the first chunk (providers.tsx): no chunk of loaders for them (ADR 0058).
  const own = code === 'id-ID' ? idID : code === 'en-US' ? enUS : null;
  if (own && loadedDayjs.has(entry.dayjs)) {
    if (formatLocale === code) chooseDayjsLocale(entry.dayjs);
    return own;
  }
  const files = await formatLocaleFiles(code);
  if (!files) return null;
  const [antd] = await Promise.all([files.antd(), files.dayjsFile?.()]);
  loadedDayjs.add(entry.dayjs);
  if (formatLocale === code) chooseDayjsLocale(entry.dayjs);
  return antd.default;
}

/** Weight in grams, shown in kg from 1000 g (spec part 9: factor 1000). */
export function formatWeight(grams: number): string {
  const locale = currentFormatLocale();
  if (grams >= 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(grams / 1000)} kg`;
  return `${new Intl.NumberFormat(locale).format(grams)} g`;
}
