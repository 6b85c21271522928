import { IconUser } from '@douyinfe/semi-icons';
import { Button, Dropdown, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectMenuEntry, visibleEntries } from '../../app/menu-entry';
import { useRoot } from '../../store/root-context';

export const SUPPORT_PATH = '/coin/member/support';
export const REPAY_QUERY_PATH = '/coin/member/returnApplyQuery';
export const REPAY_APPLY_PATH = '/coin/member/returnApply';

/** Repay status (spec §3): 0 returning, 1 returned, anything else not returned yet. */
export const REPAY_RETURNING = 0;
export const REPAY_RETURNED = 1;

/** The user dropdown's fixed entries (spec §2), shown when a selected plugin serves the path. */
export const USER_MENU_PATHS = [
  { key: 'user.center', path: '/account/center' },
  { key: 'user.orders', path: '/account/entrust/spot' },
  { key: 'user.deposit', path: '/account/wallet/deposit' },
  { key: 'user.withdrawal', path: '/account/wallet/withdrawal' },
] as const;

/** A once-only action: disabled once the user has supported. */
export const SupportButton = observer(function SupportButton() {
  const root = useRoot();
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const supported = root.session.user?.supported === 1;
  const support = async () => {
    setPending(true);
    try {
      await root.http.post(SUPPORT_PATH);
      root.session.updateUser({ supported: 1 });
      Toast.success(t('messages.supportSuccess'));
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setPending(false);
    }
  };
  return (
    <Button theme="light" type="primary" size="small" disabled={supported || pending} loading={pending} onClick={support}>
      {t(supported ? 'header.supported' : 'header.support')}
    </Button>
  );
});

/** The return-of-funds application: active only while nothing is returning or returned. */
export const RepayButton = observer(function RepayButton() {
  const root = useRoot();
  const { t } = useTranslation();
  const [status, setStatus] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const loadStatus = useCallback(async () => {
    try {
      const data = await root.http.get<{ status?: number | string | null } | null>(REPAY_QUERY_PATH);
      const value = data?.status;
      setStatus(value === null || value === undefined || value === '' ? -1 : Number(value));
    } catch {
      setStatus(-1);
    }
  }, [root]);
  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);
  const apply = async () => {
    setPending(true);
    try {
      await root.http.post(REPAY_APPLY_PATH);
      Toast.success(t('messages.repaymentDone'));
      await loadStatus();
    } catch {
      // The HTTP client has shown the error.
    } finally {
      setPending(false);
    }
  };
  const locked = status === null || status === REPAY_RETURNING || status === REPAY_RETURNED;
  const label = status === REPAY_RETURNING ? 'header.returning' : status === REPAY_RETURNED ? 'header.returned' : 'header.repay';
  return (
    <Button theme="light" type="warning" size="small" disabled={locked || pending} loading={pending} onClick={apply}>
      {t(label)}
    </Button>
  );
});

export const UserMenu = observer(function UserMenu() {
  const root = useRoot();
  const { t } = useTranslation();
  const user = root.session.user;
  const fixed = USER_MENU_PATHS.filter((entry) => root.registry.matchPath(entry.path));
  const extra = visibleEntries(root, root.registry.menus('user.dropdown'));
  return (
    <Dropdown
      trigger="click"
      clickToHide
      position="bottomRight"
      render={
        <Dropdown.Menu>
          <Dropdown.Title>{t('user.uid', { uid: user?.uid ?? '' })}</Dropdown.Title>
          {fixed.map((entry) => (
            <Dropdown.Item key={entry.path} onClick={() => root.navigate(entry.path)}>
              {t(entry.key)}
            </Dropdown.Item>
          ))}
          {extra.map((entry) => (
            <Dropdown.Item key={`${entry.pluginId}:${entry.id}`} onClick={() => selectMenuEntry(root, entry)}>
              {t(entry.titleKey)}
            </Dropdown.Item>
          ))}
          <Dropdown.Divider />
          <Dropdown.Item onClick={() => root.session.logout()}>{t('user.logout')}</Dropdown.Item>
        </Dropdown.Menu>
      }
    >
      <span>
        <Button theme="borderless" type="tertiary" icon={<IconUser />} aria-label={t('user.uid', { uid: user?.uid ?? '' })} className="bourse-header__pref">
          <span className="bourse-header__pref-label">{user?.uid}</span>
        </Button>
      </span>
    </Dropdown>
  );
});

export const AccountActions = observer(function AccountActions() {
  const root = useRoot();
  const { t } = useTranslation();
  if (!root.session.isLogin) {
    return (
      <div className="bourse-header__account">
        <Link href={root.loginHref()} className="bourse-header__login">
          {t('header.login')}
        </Link>
        <Link href={root.registerHref()} className="bourse-header__register">
          {t('header.register')}
        </Link>
      </div>
    );
  }
  return (
    <div className="bourse-header__account">
      {root.features.supportButton && <SupportButton />}
      {root.features.repayButton && <RepayButton />}
      <UserMenu />
    </div>
  );
});
