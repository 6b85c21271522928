import type { FooterItem } from '../../boot/boot-query';

export type FooterLink =
  | { kind: 'internal'; path: string }
  | { kind: 'external'; href: string }
  | { kind: 'none' };

export interface FooterColumn {
  item: FooterItem;
  links: FooterItem[];
}

/** Footer columns (pid 0) with their links, both sorted. */
export function footerColumns(items: FooterItem[]): FooterColumn[] {
  const bySort = (a: FooterItem, b: FooterItem) => a.sort - b.sort;
  return items
    .filter((item) => item.pid === 0)
    .sort(bySort)
    .map((item) => ({ item, links: items.filter((link) => link.pid === item.id).sort(bySort) }));
}

/** Where a footer link goes: an article, an in-app page, or an external URL in a new tab. */
export function footerLinkTarget(item: FooterItem): FooterLink {
  switch (item.skip_type) {
    case 'article':
      return item.article_code ? { kind: 'internal', path: `/article/main/content/1/${encodeURIComponent(item.article_code)}` } : { kind: 'none' };
    case 'page':
      return item.skip_path ? { kind: 'internal', path: item.skip_path } : { kind: 'none' };
    case 'url':
      return item.href ? { kind: 'external', href: item.href } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** The footer is hidden on sign-in/up and full trading screens (spec §2). */
export function footerHiddenOn(path: string): boolean {
  return path.includes('/user/') || path.includes('/exchange/');
}
