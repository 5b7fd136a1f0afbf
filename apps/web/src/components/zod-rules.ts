import type { FormRule } from 'antd';
import type { z } from 'zod';
import { validationText } from '../lib/error-text.ts';

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/**
 * An antd rule that runs one field's shared zod schema (STYLE rule 12) and shows its first broken rule, translated
 * through the `validation` namespace (the issue's message is the key, e.g. REQUIRED, TOO_LONG, NO_SPACE).
 * `field` fills `{{field}}` in messages that name the field.
 */
export function zodFieldRule(schema: z.ZodType, field?: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await schema.safeParseAsync(value);
      const issue = result.error?.issues[0];
      if (!issue) return;
      throw new Error(validationText({ code: issue.code, message: issue.message }, { ...issue, field: field ?? '' }));
    },
  };
}

/** True when the schema refuses an empty field: the form marks the label as required. */
export function isRequiredSchema(schema: z.ZodType): boolean {
  return !schema.safeParse(undefined).success;
}

export type ZodFieldProps = { rules: FormRule[]; required: boolean };

/**
 * Rules and the required mark of one field of an object schema from `packages/contracts`, for `<Form.Item {...}>`.
 * Throws for a name the schema does not have, so a renamed contract field breaks the build's tests, not the form.
 */
export function zodField(schema: ObjectSchema, name: string, field?: string): ZodFieldProps {
  const fieldSchema = schema.shape[name] as z.ZodType | undefined;
  if (!fieldSchema) throw new Error(`The schema has no field "${name}"`);
  return { rules: [zodFieldRule(fieldSchema, field)], required: isRequiredSchema(fieldSchema) };
}
