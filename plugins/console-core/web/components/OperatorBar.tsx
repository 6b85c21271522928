import { IconMoon, IconSun } from '@douyinfe/semi-icons';
import { Button, Select, Tag } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { isLanguage } from '../../../../core/shared';
import { useRoot } from '../../../../core/web';
import { CONSOLE_ACCOUNT_ROUTE, CONSOLE_LOGIN_ROUTE } from '../ids';
import { useOperator } from '../use-operator';
import '../console.css';

/**
 * The top bar of every console page (slot "section.top" of the "console.side" section): the site, the
 * operator's language and theme, the signed-in operator with their role, sign-out. It also guards the section: signed out, it sends the
 * operator to the sign-in page, and without TOTP bound to the account page to bind it.
 */
const OperatorBar = observer(function OperatorBar() {
  const root = useRoot();
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const [location] = useLocation();
  const signedIn = store.hydrated && store.isSignedIn;
  useEffect(() => {
    if (signedIn) void store.refreshProfile();
  }, [store, signedIn]);
  if (!store.hydrated) return null;
  if (!store.isSignedIn) return <Redirect to={root.href(CONSOLE_LOGIN_ROUTE)} replace />;
  // until an authenticator app is bound, the account page is the only page that works
  const accountHref = root.href(CONSOLE_ACCOUNT_ROUTE);
  if (store.needsTotp && !accountHref.endsWith(location)) return <Redirect to={accountHref} replace />;
  const night = root.settings.theme === 'theme-night';
  const themeLabel = t(night ? 'themeDay' : 'themeNight');
  const signOut = () => {
    store.signOut();
    root.navigate(root.href(CONSOLE_LOGIN_ROUTE), { replace: true });
  };
  return (
    <header className="cc-bar">
      <span className="cc-bar__brand">{root.site.title}</span>
      <span className="cc-bar__who">
        {root.languages.length > 1 && (
          <Select
            size="small"
            aria-label={t('language')}
            value={root.settings.language}
            optionList={root.languages.map((item) => ({ value: item.value, label: item.text || item.label }))}
            onChange={(value) => {
              if (isLanguage(value)) void root.changeLanguage(value);
            }}
          />
        )}
        <Button theme="borderless" icon={night ? <IconSun /> : <IconMoon />} aria-label={themeLabel} title={themeLabel} onClick={() => root.toggleTheme()} />
        <span data-testid="console-operator">{store.operator?.username}</span>
        {store.operator && <Tag color="blue">{store.operator.role}</Tag>}
        <Button theme="borderless" onClick={signOut}>
          {t('signOut')}
        </Button>
      </span>
    </header>
  );
});

export default OperatorBar;
