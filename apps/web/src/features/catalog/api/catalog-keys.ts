import { queryKeys } from '../../../lib/query-keys.ts';

const products = queryKeys.products;

/** Query keys of the catalog screens, from the one key helper; invalidate by the leading parts, e.g. `productKeys.all`. */
export const productKeys = {
  ...products,
  search: (workspaceId: string | null, q: string) => products.of(workspaceId, 'sku-search', q),
};

export const categoryKeys = {
  ...queryKeys.categories,
  tree: (workspaceId: string | null) => queryKeys.categories.of(workspaceId, 'tree'),
};

export const brandKeys = queryKeys.brands;
export const importKeys = {
  ...queryKeys.productImports,
  preview: (workspaceId: string | null, id: string) => queryKeys.productImports.of(workspaceId, 'preview', id),
};
