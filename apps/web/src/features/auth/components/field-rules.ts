import type { FormRule } from 'antd';
import { i18n } from '../../../lib/i18n.ts';
import type { PlainRule } from '../../../components/plain-form.tsx';

/** A rule object (not a rule render function), so it can be returned from `({ getFieldValue }) => …`. */
type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;

/**
 * The identifier parser with its phone-number library (libphonenumber-js, about a fifth of the sign-in page's weight)
 * is a chunk of its own, loaded when a field is first checked (ADR 0053). `undefined` when it cannot load: the field
 * is left to the server, which checks it too.
 */
async function parseIdentifier(text: string) {
  const parser = await import('@kelola/domain/identifier').then(
    (module) => module.parseIdentifier,
    () => null,
  );
  return parser ? parser(text) : undefined;
}

/** A rule of this file for the sign-in page's plain form (its validator, the same messages). */
export const asPlainRule =
  (rule: RuleObject): PlainRule =>
  async (value) => {
    await rule.validator?.(rule, value, () => undefined);
  };

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
    if ((await parseIdentifier(text)) === null) throw new Error(i18n.t('validation:INVALID_EMAIL_OR_PHONE'));
  },
};

/** An Indonesian mobile number (08…, 628…, +628…). */
export const phoneRule: RuleObject = {
  validator: async (_rule, value: unknown) => {
    if (typeof value !== 'string' || value.trim() === '') throw new Error(i18n.t('validation:REQUIRED'));
    const parsed = await parseIdentifier(value);
    if (parsed !== undefined && parsed?.type !== 'phone') throw new Error(i18n.t('validation:INVALID_PHONE'));
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
