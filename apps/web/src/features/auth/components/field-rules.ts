import type { FormRule } from 'antd';
import { parseIdentifier } from '@kelola/domain/identifier';
import { i18n } from '../../../lib/i18n.ts';

/** A rule object (not a rule render function), so it can be returned from `({ getFieldValue }) => …`. */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/** Spec part 5 `no_space`: an e-mail address may not contain a space ('{field} should not contain space'). */
export function noSpaceInEmail(fieldLabel: () => string): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value.includes('@')) return;
      if (/\s/u.test(value.trim())) throw new Error(i18n.t('validation:NO_SPACE', { field: fieldLabel() }));
    },
  };
}

/**
 * The contracts' `identifier` rule (required after trimming, then an e-mail address or an Indonesian mobile number)
 * without zod: the sign-in page is the first screen, and zod's schemas would double its weight (ADR 0048).
 * field-rules.test.ts checks it answers as `zodRule(identifier)` does.
 */
export const identifierRule: RuleObject = {
  validator: async (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '') throw new Error(i18n.t('validation:REQUIRED'));
    if (parseIdentifier(text) === null) throw new Error(i18n.t('validation:INVALID_EMAIL_OR_PHONE'));
  },
};

/** An Indonesian mobile number (08…, 628…, +628…). */
export const phoneRule: RuleObject = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(i18n.t('validation:REQUIRED'));
    if (parseIdentifier(value)?.type !== 'phone') throw new Error(i18n.t('validation:INVALID_PHONE'));
  },
};

/** Spec part 5: the confirmation must match the password. */
export function matchesPassword(getPassword: () => unknown): RuleObject {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') throw new Error(i18n.t('validation:REQUIRED'));
      if (value !== getPassword()) throw new Error(i18n.t('validation:PASSWORD_MISMATCH'));
    },
  };
}

/** The 6-digit OTP or e-mail code. */
export const codeRule: RuleObject = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || !/^\d{6}$/u.test(value)) throw new Error(i18n.t('validation:OTP_FORMAT'));
  },
};
