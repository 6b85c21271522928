import { Avatar, Button, Tag, Typography } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { RouteLink, useRoot } from '../../../../core/web';
import { SECURITY_ROUTE } from '../route-names';
import { SecurityLevelBar } from '../security/components/SecurityLevelBar';
import { factorIsSet, memberSecurity, SECURITY_FACTORS, securityLevel } from '../security/member-security';
import { accountProfile, KYC_BADGE_COLOR } from './account-profile';
import { KYC_PAGE_ROUTE, kycPageHref, useKycBadge } from './use-kyc-badge';
import '../devices/devices.css';
import './account.css';

/** /account/center/info: who the member is, and how well the account is protected. */
export default observer(function AccountInfoPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const security = memberSecurity(root.session.user);
  const profile = accountProfile(root.session.user, security.areaCode);
  const toSecurity = () => root.navigate(root.href(SECURITY_ROUTE));
  const notSet = t('account.notBound');
  const kyc = useKycBadge(root, root.session.user?.uid);
  const kycPage = kycPageHref(root) !== null;

  return (
    <div className="id-center-page">
      <section className="id-center-card id-account">
        <Avatar className="id-account__avatar" size="large" src={profile.avatar} alt={t('account.avatar')} />
        <div className="id-account__who">
          <Typography.Title heading={4} className="id-account__name">
            {profile.email ?? profile.phone ?? profile.uid}
          </Typography.Title>
          <dl className="id-account__facts">
            <div>
              <dt>{t('account.uid')}</dt>
              <dd data-testid="account-uid">
                <Typography.Text copyable={{ content: profile.uid }}>{profile.uid}</Typography.Text>
              </dd>
            </div>
            <div>
              <dt>{t('account.email')}</dt>
              <dd>{profile.email ?? notSet}</dd>
            </div>
            <div>
              <dt>{t('account.phone')}</dt>
              <dd>{profile.phone ?? notSet}</dd>
            </div>
            {kyc && (
              <div data-testid="account-kyc" data-state={kyc.state}>
                <dt>{t('account.kyc')}</dt>
                <dd className="id-account__kyc">
                  <Tag color={KYC_BADGE_COLOR[kyc.state]} shape="circle">
                    {t(`account.kycState.${kyc.state}`)}
                  </Tag>
                  {kycPage && (
                    <RouteLink to={KYC_PAGE_ROUTE} className="id-account__kyc-link">
                      {t(kyc.state === 'none' || kyc.state === 'rejected' ? 'account.kycVerify' : 'account.kycView')}
                    </RouteLink>
                  )}
                  {kyc.reason && (
                    <span className="id-account__kyc-reason" data-testid="account-kyc-reason">
                      {t('account.kycReason', { reason: kyc.reason })}
                    </span>
                  )}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('account.merchant')}</dt>
              <dd>
                <Tag color={profile.merchant ? 'amber' : 'grey'} shape="circle">
                  {t(profile.merchant ? 'account.merchantYes' : 'account.merchantNo')}
                </Tag>
              </dd>
            </div>
          </dl>
        </div>
      </section>
      <section className="id-center-card">
        <div className="id-center-card__head">
          <div>
            <Typography.Title heading={5}>{t('account.securityTitle')}</Typography.Title>
            <Typography.Paragraph type="tertiary">{t('account.securityHint')}</Typography.Paragraph>
          </div>
          <SecurityLevelBar summary={securityLevel(security)} />
        </div>
        <ul className="id-account__factors">
          {SECURITY_FACTORS.map((factor) => (
            <li key={factor} className={factorIsSet(security, factor) ? 'id-account__factor id-account__factor--on' : 'id-account__factor'}>
              <span className="id-account__mark" aria-hidden>
                {factorIsSet(security, factor) ? '✓' : '!'}
              </span>
              <span className="id-account__factor-text">
                <span className="id-account__factor-name">{t(`security.item.${factor}`)}</span>
                <span className="id-account__factor-state">{t(factorIsSet(security, factor) ? 'security.stateSet' : 'security.stateNotSet')}</span>
              </span>
            </li>
          ))}
        </ul>
        <Button theme="solid" type="primary" onClick={toSecurity}>
          {t('account.toSecurity')}
        </Button>
      </section>
    </div>
  );
});
