import type { FulfillmentKind, MenuKey } from '@kelola/contracts';

/** The two lists and the menu key that guards each (spec: /fulfillment and /delivery-order). */
export const FULFILLMENT_ROUTES: readonly { kind: FulfillmentKind; base: string; menu: MenuKey }[] = [
  { kind: 'fulfillment', base: '/api/fulfillment', menu: 'fulfillment' },
  { kind: 'delivery-order', base: '/api/delivery-order', menu: 'delivery-order' },
];
