import type { MenuContribution, ShellRoot } from '../../plugin-api';
import { isExternalUrl } from '../registry/route-path';

/** Selecting a plugin menu entry: its onSelect first (settings), then its route or external URL. */
export function selectMenuEntry(root: ShellRoot, entry: MenuContribution): void {
  entry.onSelect?.(root);
  if (entry.route) root.navigate(root.href(entry.route, entry.params));
  else if (entry.href && isExternalUrl(entry.href)) window.open(entry.href, '_blank', 'noopener,noreferrer');
  else if (entry.href) root.navigate(entry.href);
}

export function visibleEntries<T extends MenuContribution>(root: ShellRoot, entries: T[]): T[] {
  return entries.filter((entry) => !entry.visible || entry.visible(root));
}
