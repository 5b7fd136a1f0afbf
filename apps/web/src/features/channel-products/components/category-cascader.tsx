import type { MarketplaceCategoryList } from '@kelola/contracts/channel-publish';
import { Cascader } from 'antd';
import { useMemo } from 'react';

type Option = { value: string; label: string; isLeaf: boolean; children?: Option[] };

/** The marketplace's category tree from its flat list (each with its parent). */
export function categoryTree(items: MarketplaceCategoryList['items']): Option[] {
  const byParent = new Map<string | null, MarketplaceCategoryList['items']>();
  for (const item of items) byParent.set(item.parent_id, [...(byParent.get(item.parent_id) ?? []), item]);
  const known = new Set(items.map((i) => i.id));
  const build = (parent: string | null, depth: number): Option[] =>
    (byParent.get(parent) ?? []).map((c) => {
      const children = depth < 8 ? build(c.id, depth + 1) : [];
      return { value: c.id, label: c.name, isLeaf: c.is_leaf, ...(children.length > 0 ? { children } : {}) };
    });
  // Roots: no parent, or a parent the list does not hold.
  const roots = items.filter((i) => i.parent_id === null || !known.has(i.parent_id));
  return roots.map((c) => {
    const children = build(c.id, 1);
    return { value: c.id, label: c.name, isLeaf: c.is_leaf, ...(children.length > 0 ? { children } : {}) };
  });
}

/**
 * The marketplace category, level by level; the value is the chosen path and the deepest level is sent (spec part
 * 5). Only a full path to a leaf can be chosen.
 */
export function CategoryCascader(props: {
  items: MarketplaceCategoryList['items'] | undefined;
  loading?: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  id?: string;
}) {
  const options = useMemo(() => categoryTree(props.items ?? []), [props.items]);
  return (
    <Cascader
      id={props.id}
      options={options}
      loading={props.loading ?? false}
      value={props.value}
      onChange={(value) => props.onChange?.((value ?? []).map(String))}
      placeholder={props.placeholder}
      showSearch
      style={{ width: '100%' }}
    />
  );
}
