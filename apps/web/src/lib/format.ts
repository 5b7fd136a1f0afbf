import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { currentLanguage } from './i18n.ts';

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
  const locale = currentLanguage() === 'en' ? 'en-GB' : 'id-ID';
  return new Intl.DateTimeFormat(locale, {
    timeZone: 'Asia/Jakarta',
    dateStyle: 'medium',
    ...(withTime ? { timeStyle: 'short' } : {}),
  }).format(date);
}

export function setDayjsLanguage(language: string): void {
  dayjs.locale(language === 'en' ? 'en' : 'id');
}

/** Weight in grams, shown in kg from 1000 g (spec part 9: factor 1000). */
export function formatWeight(grams: number): string {
  const locale = currentLanguage() === 'en' ? 'en-GB' : 'id-ID';
  if (grams >= 1000) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(grams / 1000)} kg`;
  return `${new Intl.NumberFormat(locale).format(grams)} g`;
}
