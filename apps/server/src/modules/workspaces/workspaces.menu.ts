import { allows, MENU_TREE, type MenuItem, type MenuKey, type MenuNode, type PermissionMap } from '@kelola/contracts';
import { translate, type Locale } from '../../platform/i18n/translate.ts';

/** The menu tree with only the items the role may READ, each carrying its access and titles in both languages. */
export function buildMenu(permissions: PermissionMap, locale: Locale): MenuItem[] {
  const walk = (nodes: readonly MenuNode[]): MenuItem[] =>
    nodes.flatMap((node) => {
      const key = node.key as MenuKey;
      if (!allows(permissions, key, 'READ')) return [];
      const children = node.children ? walk(node.children) : [];
      if (node.children && children.length === 0) return [];
      const lang = { id: translate('id', 'menu', key) ?? key, en: translate('en', 'menu', key) ?? key };
      return [
        {
          key,
          title: lang[locale],
          lang,
          url: node.url,
          icon: node.icon ?? null,
          category: node.category,
          divider: node.divider ?? false,
          disabled: false,
          notes: null,
          sales_channel: null,
          access: permissions[key] ?? 'READ',
          children,
        },
      ];
    });
  return walk(MENU_TREE);
}
