import type { MenuKey } from '@kelola/contracts/menu';
import type { VariableKind } from '@kelola/contracts/pricing';

export type VariableKindConfig = {
  kind: VariableKind;
  /** The list screen's path; the forms are `<path>/add` and `<path>/edit/:id`. */
  path: string;
  menuKey: MenuKey;
  /** Prefix of this kind's texts in the `pricing` namespace. */
  textKey: 'global' | 'formula' | 'product';
};

/** The three variable screens of spec part 2, one per kind, each under its own menu key. */
export const VARIABLE_KINDS: Record<VariableKind, VariableKindConfig> = {
  GLOBAL: { kind: 'GLOBAL', path: '/global-variable', menuKey: 'global-variable', textKey: 'global' },
  FORMULA: { kind: 'FORMULA', path: '/formula-variable', menuKey: 'formula-variable', textKey: 'formula' },
  PRODUCT: { kind: 'PRODUCT', path: '/product-variable', menuKey: 'product-variable', textKey: 'product' },
};
