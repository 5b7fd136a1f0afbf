import { isMenuKey, MENU_TREE, type Access, type MenuNode, type PermissionMap } from '@kelola/contracts';

const parents = new Map<string, string>();
const walk = (nodes: readonly MenuNode[], parent: string | null) => {
  for (const node of nodes) {
    if (parent) parents.set(node.key, parent);
    if (node.children) walk(node.children, node.key);
  }
};
walk(MENU_TREE, null);

/**
 * A role's grants as stored: known keys only, and READ on every group above a granted key, because the
 * menu hides a group's children when the group itself is not readable (a grant would otherwise be invisible).
 */
export function normalizePermissions(input: Record<string, Access>): PermissionMap {
  const out: Record<string, Access> = {};
  for (const [key, access] of Object.entries(input)) if (isMenuKey(key)) out[key] = access;
  for (const key of Object.keys(out)) {
    for (let parent = parents.get(key); parent; parent = parents.get(parent)) out[parent] ??= 'READ';
  }
  return out as PermissionMap;
}
