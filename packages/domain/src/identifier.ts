import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_METADATA_ID } from './phone-metadata-id.ts';

export type RegisterType = 'email' | 'phone';
export type Identifier = { type: RegisterType; value: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/u;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/**
 * Indonesian mobile numbers in E.164 (+62…); accepts 08…, 628…, +628… and spaces or dashes. The rules are
 * libphonenumber's precise ("max") ones for Indonesia alone (ADR 0044): a number of another country is refused.
 */
export function normalizePhone(value: string): string | null {
  const cleaned = value.replace(/[\s\-().]/gu, '');
  if (!/^\+?\d{8,15}$/u.test(cleaned)) return null;
  const phone = parsePhoneNumberFromString(cleaned, 'ID', PHONE_METADATA_ID);
  if (!phone || !phone.isValid()) return null;
  return phone.number;
}

/** Sign-up and login take an e-mail or a phone in one field (spec typeRegister). */
export function parseIdentifier(raw: string): Identifier | null {
  const value = raw.trim();
  if (value.includes('@')) return isEmail(value) ? { type: 'email', value: value.toLowerCase() } : null;
  const phone = normalizePhone(value);
  return phone ? { type: 'phone', value: phone } : null;
}
