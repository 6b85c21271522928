import type { NavItem } from '../../boot/boot-query';
import { isExternalUrl } from '../../registry/route-path';

export interface NavNode {
  item: NavItem;
  children: NavNode[];
}

export const NAV_TOP_LEVEL_SHOWN = 4;

export interface NavTree {
  /** Top-level nodes shown in the header (the first four, by nav_sort). */
  top: NavNode[];
  /** Items dropped because no route of the selected plugins matches their nav_path. */
  dropped: NavItem[];
}

/**
 * Server nav rows → header tree (spec §2): only nav_show = 1, children by pid, each level sorted by
 * nav_sort, items whose in-app path no route matches dropped (with their children), external
 * http(s) URLs kept. An item without a path is a group and stays when it has children.
 */
export function buildNavTree(items: NavItem[], hasRoute: (path: string) => boolean): NavTree {
  const shown = items.filter((item) => item.nav_show === 1);
  const ids = new Set(shown.map((item) => item.id));
  const dropped: NavItem[] = [];
  const childrenOf = new Map<number, NavItem[]>();
  for (const item of shown) {
    const parent = ids.has(item.pid) && item.pid !== item.id ? item.pid : 0;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(item);
    childrenOf.set(parent, siblings);
  }
  const build = (parentId: number, seen: Set<number>): NavNode[] =>
    (childrenOf.get(parentId) ?? [])
      .slice()
      .sort((a, b) => a.nav_sort - b.nav_sort)
      .flatMap((item): NavNode[] => {
        if (seen.has(item.id)) return [];
        const path = item.nav_path.trim();
        if (path && !isExternalUrl(path) && !hasRoute(path)) {
          dropped.push(item);
          return [];
        }
        const children = build(item.id, new Set(seen).add(item.id));
        if (!path && children.length === 0) return [];
        return [{ item, children }];
      });
  const top = build(0, new Set()).slice(0, NAV_TOP_LEVEL_SHOWN);
  return { top, dropped };
}
