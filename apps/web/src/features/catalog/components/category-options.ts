import type { CategoryNode } from '@kelola/contracts/catalog';

export type CategoryOption = { value: string; title: string; children?: CategoryOption[] };

/** The category tree as TreeSelect data. */
export function toTreeData(nodes: CategoryNode[]): CategoryOption[] {
  return nodes.map((node) => ({
    value: node.id,
    title: node.name,
    ...(node.children.length > 0 ? { children: toTreeData(node.children) } : {}),
  }));
}

/** Every id in a subtree (a category cannot move under itself or its descendants). */
export function subtreeIds(node: CategoryNode): string[] {
  return [node.id, ...node.children.flatMap(subtreeIds)];
}

export function findNode(nodes: CategoryNode[], id: string): CategoryNode | null {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return null;
}
