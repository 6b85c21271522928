import { IconChevronDown } from '@douyinfe/semi-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { NAV_HIDE_DELAY_MS } from '../../../shared';
import type { NavItem } from '../../boot/boot-query';
import { isExternalUrl } from '../../registry/route-path';
import { useRoot } from '../../store/root-context';
import type { RootStore } from '../../store/root-store';
import type { NavNode } from './nav-tree';

/** Runs the onSelect of the plugin nav entry named by the item's nav_code, then goes to its path. */
export function selectNavItem(root: RootStore, item: NavItem): void {
  for (const entry of root.registry.menus('nav')) {
    if (entry.id === item.nav_code) entry.onSelect?.(root);
  }
  const path = item.nav_path.trim();
  if (!path) return;
  if (isExternalUrl(path)) window.open(path, '_blank', 'noopener,noreferrer');
  else root.navigate(path);
}

function NavButton({ item, className, onSelect }: { item: NavItem; className: string; onSelect: (item: NavItem) => void }) {
  return (
    <button type="button" className={className} onClick={() => onSelect(item)} data-nav-code={item.nav_code}>
      {item.title}
    </button>
  );
}

/** A top-level item with children: opens on hover, closes NAV_HIDE_DELAY_MS after the pointer leaves. */
function NavDropdown({ node, onSelect }: { node: NavNode; onSelect: (item: NavItem) => void }) {
  const [open, setOpen] = useState(false);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelHide = () => {
    if (hideTimer.current) clearTimeout(hideTimer.current);
    hideTimer.current = null;
  };
  useEffect(() => cancelHide, []);
  const select = (item: NavItem) => {
    cancelHide();
    setOpen(false);
    onSelect(item);
  };
  return (
    <div
      className="bourse-nav__group"
      onMouseEnter={() => {
        cancelHide();
        setOpen(true);
      }}
      onMouseLeave={() => {
        cancelHide();
        hideTimer.current = setTimeout(() => setOpen(false), NAV_HIDE_DELAY_MS);
      }}
    >
      <button
        type="button"
        className="bourse-nav__item"
        aria-haspopup="menu"
        aria-expanded={open}
        data-nav-code={node.item.nav_code}
        onClick={() => (node.item.nav_path.trim() ? select(node.item) : setOpen((value) => !value))}
      >
        {node.item.title}
        <IconChevronDown size="small" />
      </button>
      {open && (
        <div className="bourse-nav__panel" role="menu">
          {node.children.map((child) => (
            <button
              key={child.item.id}
              type="button"
              role="menuitem"
              className="bourse-nav__panel-item"
              data-nav-code={child.item.nav_code}
              onClick={() => select(child.item)}
            >
              <span className="bourse-nav__panel-title">{child.item.title}</span>
              {child.item.text && <span className="bourse-nav__panel-text">{child.item.text}</span>}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

/** The server-configured top navigation (spec §2). */
export const NavMenu = observer(function NavMenu({ onNavigate }: { onNavigate?: () => void }) {
  const root = useRoot();
  const onSelect = (item: NavItem) => {
    selectNavItem(root, item);
    onNavigate?.();
  };
  return (
    <nav className="bourse-nav" aria-label="main">
      {root.navTree.top.map((node) =>
        node.children.length ? (
          <NavDropdown key={node.item.id} node={node} onSelect={onSelect} />
        ) : (
          <NavButton key={node.item.id} item={node.item} className="bourse-nav__item" onSelect={onSelect} />
        ),
      )}
    </nav>
  );
});
