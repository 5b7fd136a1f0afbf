import type { InputProps } from 'antd';

/**
 * The `count` prop of an antd Input or TextArea for a text limited to `max` characters: the counter ("12 / 100")
 * shows the limit and turns red beyond it, and the field's zod rule says why. Never `maxLength`: the browser cuts
 * a longer paste without a word, and the merchant saves a text they did not type.
 */
export function textLimit(max: number): NonNullable<InputProps['count']> {
  return { show: true, max };
}
