import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { isApiError } from './api-error.ts';
import { validationText } from './error-text.ts';

type FieldName = (string | number)[];

function toName(path: string): FieldName {
  return path
    .split('.')
    .filter(Boolean)
    .map((part) => (/^\d+$/u.test(part) ? Number(part) : part));
}

/**
 * Shows the server's field errors (`details.fields`) on the matching antd Form fields (or a plain form's fields,
 * components/plain-form.tsx).
 * Returns true when at least one error was placed on a field the form knows.
 */
export function applyFieldErrors(form: Pick<FormInstance, 'getFieldsError' | 'setFields'>, error: unknown): boolean {
  if (!isApiError(error)) return false;
  const byField = new Map<string, { name: FieldName; errors: string[] }>();
  for (const issue of error.fieldIssues) {
    const name = toName(issue.path);
    if (name.length === 0) continue;
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    entry.errors.push(validationText(issue));
    byField.set(key, entry);
  }
  const registered = new Set(form.getFieldsError().map((field) => field.name.join('.')));
  // An error on one item of a list field (`variant_tiers.0.options.1`) goes on the list's own field when the item has none.
  for (const [key, field] of [...byField.entries()]) {
    if (registered.has(key) || typeof field.name.at(-1) !== 'number') continue;
    const parent = field.name.slice(0, -1);
    const parentKey = parent.join('.');
    if (!registered.has(parentKey)) continue;
    byField.delete(key);
    const entry = byField.get(parentKey) ?? { name: parent, errors: [] };
    for (const error of field.errors) if (!entry.errors.includes(error)) entry.errors.push(error);
    byField.set(parentKey, entry);
  }
  const known = [...byField.entries()].filter(([key]) => registered.has(key)).map(([, field]) => field);
  if (known.length === 0) return false;
  form.setFields(known.map((field) => ({ name: field.name, errors: field.errors })));
  return true;
}

/** An antd rule that checks a field with a shared zod schema and shows its first broken rule, translated. */
export function zodRule(schema: z.ZodType): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      const issue = result.error?.issues[0];
      if (!issue) return;
      throw new Error(validationText({ code: issue.code.toUpperCase(), message: issue.message }, { ...issue }));
    },
  };
}
