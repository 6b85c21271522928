import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SectionSlot } from '../../plugin-api';
import { selectMenuEntry, visibleEntries } from '../app/menu-entry';
import { Slot } from '../app/slot';
import { pathMatches } from '../registry/route-path';
import { useRoot } from '../store/root-context';

/**
 * A section frame shared by pages of several plugins (the account center, the wallet, the console):
 * the components of "section.top" for this section, then the side menu of the slot's entries beside the page.
 */
const SECTION_LABELS: Record<SectionSlot, string> = {
  'account.center': 'sections.accountCenter',
  'account.wallet': 'sections.accountWallet',
  'console.side': 'sections.consoleSide',
};

export const SectionLayout = observer(function SectionLayout({ section, children }: { section: SectionSlot; children: ReactNode }) {
  const root = useRoot();
  const { t } = useTranslation();
  const entries = visibleEntries(root, root.registry.menus(section));
  const current = root.location;
  const isActive = (path: string) => current === path || current.startsWith(`${path}/`);
  return (
    <div className="bourse-section" data-section={section}>
      <Slot name="section.top" section={section} />
      <div className="bourse-section__body">
        <nav className="bourse-section__menu" aria-label={t(SECTION_LABELS[section])}>
          {entries.map((entry) => {
            const path = entry.route ? root.href(entry.route, entry.params) : entry.href;
            const active =
              (path !== undefined && isActive(path.split('?')[0])) ||
              (entry.activeOn ?? []).some((route) => {
                const pattern = root.registry.route(route)?.path;
                return pattern !== undefined && pathMatches(pattern, current);
              });
            return (
              <button
                key={`${entry.pluginId}:${entry.id}`}
                type="button"
                className={active ? 'bourse-section__item bourse-section__item--active' : 'bourse-section__item'}
                aria-current={active ? 'page' : undefined}
                onClick={() => selectMenuEntry(root, entry)}
              >
                {t(entry.titleKey)}
              </button>
            );
          })}
        </nav>
        <div className="bourse-section__content">{children}</div>
      </div>
    </div>
  );
});
