/**
 * Query keys of the catalog screens (one factory per resource); the workspace is part of every key because the
 * same user sees other rows in another workspace. Invalidate by the leading parts, e.g. `productKeys.all`.
 */
export const productKeys = {
  all: ['products'] as const,
  lists: (workspaceId: string | null) => ['products', workspaceId ?? 'default', 'list'] as const,
  list: (workspaceId: string | null, params: Record<string, string | number>) => [...productKeys.lists(workspaceId), params] as const,
  detail: (workspaceId: string | null, id: string) => ['products', workspaceId ?? 'default', 'detail', id] as const,
  search: (workspaceId: string | null, q: string) => ['products', workspaceId ?? 'default', 'sku-search', q] as const,
};

export const categoryKeys = {
  all: ['categories'] as const,
  tree: (workspaceId: string | null) => ['categories', workspaceId ?? 'default', 'tree'] as const,
};

export const brandKeys = {
  all: ['brands'] as const,
  list: (workspaceId: string | null) => ['brands', workspaceId ?? 'default', 'list'] as const,
};

export const importKeys = {
  all: ['product-imports'] as const,
  detail: (workspaceId: string | null, id: string) => ['product-imports', workspaceId ?? 'default', 'detail', id] as const,
  preview: (workspaceId: string | null, id: string) => ['product-imports', workspaceId ?? 'default', 'preview', id] as const,
};

export const formulaKeys = {
  list: (workspaceId: string | null) => ['price-formulas', workspaceId ?? 'default', 'catalog-select'] as const,
};
