import { Button, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { CONSOLE_LOGIN_ROUTE } from '../ids';
import type { OperatorStore } from '../operator-store';

/** The console's frame: top bar with the operator and sign-out, side menu from the "console.side" slot. */
export const ConsoleFrame = observer(function ConsoleFrame({ store, children }: { store: OperatorStore; children: ReactNode }) {
  const root = useRoot();
  const { t } = useTranslation('console-core');
  const entries = root.registry.menus('console.side').filter((entry) => !entry.visible || entry.visible(root));
  const signOut = () => {
    store.signOut();
    root.navigate(root.href(CONSOLE_LOGIN_ROUTE), { replace: true });
  };
  return (
    <div className="cc-frame">
      <header className="cc-frame__top">
        <span className="cc-frame__brand">{root.site.title}</span>
        <span className="cc-frame__who">
          <span data-testid="console-operator">{store.operator?.username}</span>
          {store.operator && <Tag color="blue">{store.operator.role}</Tag>}
          <Button theme="borderless" onClick={signOut}>
            {t('signOut')}
          </Button>
        </span>
      </header>
      <nav className="cc-frame__side" aria-label={t('menuLabel')}>
        {entries.map((entry) => {
          const href = entry.route ? root.href(entry.route, entry.params) : entry.href;
          return (
            <button
              type="button"
              key={entry.id}
              className="cc-side__item"
              aria-current={href === root.location ? 'page' : undefined}
              onClick={() => {
                entry.onSelect?.(root);
                if (href) root.navigate(href);
              }}
            >
              {t(entry.titleKey)}
            </button>
          );
        })}
      </nav>
      <main className="cc-frame__main">{children}</main>
    </div>
  );
});
