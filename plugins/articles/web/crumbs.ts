import type { ShellRoot } from '../../../core/plugin-api';
import type { Crumb as Node } from '../shared/types';
import type { Crumb } from './components/Breadcrumb';
import { ARTICLES_CATEGORY_ROUTE, ARTICLES_INDEX_ROUTE, ARTICLES_SECTION_ROUTE, HOME_ROUTE } from './ids';

type Root = Pick<ShellRoot, 'href' | 't'>;

const homeCrumb = (root: Root): Crumb => ({ label: root.t('articles:home'), href: root.href(HOME_ROUTE) });

/**
 * Home › Help center › Category › Section, each a link up the section tree, then the current page (not a link)
 * when there is one.
 */
export function helpTrail(root: Root, path: { category?: Node | null; section?: Node | null }, current?: string): Crumb[] {
  const trail: Crumb[] = [homeCrumb(root), { label: root.t('articles:helpCenter'), href: root.href(ARTICLES_INDEX_ROUTE) }];
  if (path.category) trail.push({ label: path.category.title, href: root.href(ARTICLES_CATEGORY_ROUTE, { id: String(path.category.id) }) });
  if (path.section) trail.push({ label: path.section.title, href: root.href(ARTICLES_SECTION_ROUTE, { id: String(path.section.id) }) });
  if (current !== undefined) trail.push({ label: current });
  return trail;
}

/** The help centre's own trail: Home › Help center. */
export function indexTrail(root: Root): Crumb[] {
  return [homeCrumb(root), { label: root.t('articles:helpCenter') }];
}

/** A page outside the help centre (a static page): Home › its title. */
export function pageTrail(root: Root, title: string): Crumb[] {
  return [homeCrumb(root), { label: title }];
}
