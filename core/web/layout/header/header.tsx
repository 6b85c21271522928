import { IconMenu } from '@douyinfe/semi-icons';
import { Button, Tag, Tooltip } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Slot } from '../../app/slot';
import { useRoot } from '../../store/root-context';
import { AccountActions } from './account-actions';
import { NavMenu } from './nav-menu';
import { CurrencyMenu, LanguageMenu, ThemeSwitch } from './preferences';
import { SearchBox } from './search-box';

export const Header = observer(function Header() {
  const root = useRoot();
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const title = root.boot?.site.title || root.site.title;
  return (
    <header className={`bourse-header${menuOpen ? ' bourse-header--menu-open' : ''}`}>
      <div className="bourse-header__left">
        <Link href="/" className="bourse-header__logo" aria-label={title}>
          <img src={root.logo} alt={title} height={28} />
        </Link>
        {root.features.demo && (
          <Tooltip content={t('header.demoHint')}>
            <span>
              <Tag color="orange" size="small" className="bourse-header__demo">
                {t('header.demo')}
              </Tag>
            </span>
          </Tooltip>
        )}
        <div className="bourse-header__nav">
          <NavMenu />
        </div>
      </div>
      <div className="bourse-header__right">
        <SearchBox />
        <Slot name="header.actions" />
        <AccountActions />
        <div className="bourse-header__prefs">
          <LanguageMenu />
          <CurrencyMenu />
        </div>
        <ThemeSwitch />
        <Button
          className="bourse-header__menu-toggle"
          theme="borderless"
          type="tertiary"
          icon={<IconMenu />}
          aria-label={t('header.menu')}
          aria-expanded={menuOpen}
          onClick={() => setMenuOpen((open) => !open)}
        />
      </div>
      {menuOpen && (
        <div className="bourse-header__drawer">
          <NavMenu onNavigate={() => setMenuOpen(false)} />
          <div className="bourse-header__drawer-prefs">
            <LanguageMenu />
            <CurrencyMenu />
          </div>
        </div>
      )}
    </header>
  );
});
