/**
 * Query keys of the warehouse screens (one factory per resource); the workspace is part of every key because the
 * same user sees other rows in another workspace. Invalidate by the leading parts, e.g. `warehouseKeys.all`.
 */
export const warehouseKeys = {
  all: ['warehouses'] as const,
  lists: (workspaceId: string | null) => ['warehouses', workspaceId ?? 'default', 'list'] as const,
  list: (workspaceId: string | null, params: Record<string, string | number>) => [...warehouseKeys.lists(workspaceId), params] as const,
  detail: (workspaceId: string | null, id: string) => ['warehouses', workspaceId ?? 'default', 'detail', id] as const,
};

/** Areas are the same for every workspace. */
export const areaKeys = {
  all: ['areas'] as const,
  children: (parent: string | null) => ['areas', 'children', parent ?? 'ID'] as const,
};

export const businessKeys = {
  all: ['businesses'] as const,
  list: (workspaceId: string | null) => ['businesses', workspaceId ?? 'default', 'list'] as const,
};
