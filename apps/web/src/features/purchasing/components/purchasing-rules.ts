import type { FormRule } from 'antd';
import type { z } from 'zod';
import { validationText } from '../../../lib/error-text.ts';

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** "Wajib diisi." from the shared validation texts. */
export const requiredRule = (): FormRule => ({ required: true, message: validationText({ code: 'REQUIRED' }) });

/**
 * A number field checked by its contract schema (STYLE rule 12): empty says "required" unless `optional`, any other
 * broken rule shows `message` (the schema's INVALID_VALUE key reads "invalid choice", which says nothing about a number).
 */
export function numberRule(schema: z.ZodType, message: string, { optional = false } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (isEmpty(value)) {
        if (optional) return;
        throw new Error(validationText({ code: 'REQUIRED' }));
      }
      if (!schema.safeParse(value).success) throw new Error(message);
    },
  };
}
