import type { SandboxAttribute, SandboxShop } from './sandbox-types.ts';

/** One attribute value as a create call sent it: a listed value by its id, or a value the seller typed by its name. */
export type SentAttributeValue = { id?: string; name?: string };

export type AttributeProblem =
  | { kind: 'missing'; attribute: SandboxAttribute }
  | { kind: 'unknown_attribute'; attributeId: string }
  | { kind: 'unknown_value'; attribute: SandboxAttribute; value: string }
  | { kind: 'not_customizable'; attribute: SandboxAttribute; value: string };

/**
 * The marketplaces refuse a product without its category's mandatory (non-sales) attributes. A value must be
 * one the attribute lists (by id) unless the attribute takes free text, where a name is what is sent.
 * Answers the first problem, or undefined when the attributes are acceptable.
 */
export function attributeProblem(
  shop: SandboxShop,
  categoryId: string,
  sent: ReadonlyMap<string, SentAttributeValue[]>,
): AttributeProblem | undefined {
  const attributes = shop.attributes.get(categoryId) ?? [];
  for (const [attributeId, values] of sent) {
    const attribute = attributes.find((a) => a.id === attributeId);
    if (!attribute) return { kind: 'unknown_attribute', attributeId };
    for (const value of values) {
      if (value.id !== undefined && value.id !== '' && value.id !== '0') {
        if (!attribute.values.some((listed) => listed.id === value.id)) return { kind: 'unknown_value', attribute, value: value.id };
      } else if (attribute.values.length > 0 && attribute.inputType !== 'text') {
        return { kind: 'not_customizable', attribute, value: value.name ?? '' };
      }
    }
  }
  for (const attribute of attributes) {
    if (!attribute.mandatory || attribute.sales) continue;
    const values = (sent.get(attribute.id) ?? []).filter((v) => (v.id && v.id !== '0') || (v.name ?? '').trim() !== '');
    if (values.length === 0) return { kind: 'missing', attribute };
  }
  return undefined;
}

/** The problem in English, as the marketplaces word theirs. */
export const describeAttributeProblem = (problem: AttributeProblem): string => {
  switch (problem.kind) {
    case 'missing':
      return `The mandatory attribute ${problem.attribute.name} (${problem.attribute.id}) is missing.`;
    case 'unknown_attribute':
      return `Attribute ${problem.attributeId} does not belong to the category.`;
    case 'unknown_value':
      return `Value ${problem.value} is not a value of attribute ${problem.attribute.name} (${problem.attribute.id}).`;
    case 'not_customizable':
      return `Attribute ${problem.attribute.name} (${problem.attribute.id}) takes only its listed values; send the value id, not "${problem.value}".`;
  }
};
