import { Typography } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { SecurityLevelBar } from './components/SecurityLevelBar';
import { SecurityItem } from './components/SecurityItem';
import { securityItems } from './security-items';
import { memberSecurity, securityLevel } from './member-security';
import '../devices/devices.css';
import '../identity.css';
import './security.css';

/** /account/center/security: every factor with its state and what can be done with it. */
export default observer(function SecurityPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const state = memberSecurity(root.session.user);
  return (
    <div className="id-center-page">
      <section className="id-center-card">
        <div className="id-center-card__head">
          <div>
            <Typography.Title heading={4}>{t('security.title')}</Typography.Title>
            <Typography.Paragraph type="tertiary">{t('security.subtitle')}</Typography.Paragraph>
          </div>
          <SecurityLevelBar summary={securityLevel(state)} />
        </div>
        <ul className="id-sec-list">
          {securityItems(state).map((item) => (
            <SecurityItem key={item.key} item={item} />
          ))}
        </ul>
      </section>
    </div>
  );
});
