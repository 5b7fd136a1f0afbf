import { MENU_TREE, type Access, type MenuNode } from '@kelola/contracts/menu';

/** One row of the role matrix: a menu key with its depth in the menu and the keys above it. */
export type MatrixRow = { key: string; depth: number; parents: string[]; isGroup: boolean };

function flatten(nodes: readonly MenuNode[], parents: string[]): MatrixRow[] {
  return nodes.flatMap((node) => [
    { key: node.key, depth: parents.length, parents, isGroup: Boolean(node.children?.length) },
    ...flatten(node.children ?? [], [...parents, node.key]),
  ]);
}

/** Every menu key in menu order, groups followed by their items. */
export const MATRIX_ROWS: readonly MatrixRow[] = flatten(MENU_TREE, []);

export type Permissions = Record<string, Access>;

function descendants(key: string): string[] {
  return MATRIX_ROWS.filter((row) => row.parents.includes(key)).map((row) => row.key);
}

/**
 * Sets one key's access the way the server stores it: a granted item makes its groups readable (a group that
 * cannot be read hides its items), and taking a group away takes its items with it.
 */
export function setAccess(permissions: Permissions, key: string, access: Access | null): Permissions {
  const next: Permissions = { ...permissions };
  const row = MATRIX_ROWS.find((candidate) => candidate.key === key);
  if (!row) return next;
  if (access === null) {
    delete next[key];
    for (const child of descendants(key)) delete next[child];
    return next;
  }
  next[key] = access;
  for (const parent of row.parents) next[parent] ??= 'READ';
  return next;
}

/** The same access on every key (none removes all). */
export function setAllAccess(access: Access | null): Permissions {
  return access === null ? {} : Object.fromEntries(MATRIX_ROWS.map((row) => [row.key, access]));
}
