import { Typography } from '@douyinfe/semi-ui-19';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaded } from '../use-loaded';
import { useRoot } from '../../../../core/web';
import { DeviceTable } from './DeviceTable';
import { loadDevices } from './devices-api';
import { LoginLogTable } from './LoginLogTable';
import './devices.css';

/** /account/center/device-management: the devices that signed in, and the login history below. */
export default function DeviceManagementPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const { rows: devices, loading, reload } = useLoaded(useCallback(() => loadDevices(root), [root]));
  const [logKey, setLogKey] = useState(0);

  return (
    <div className="id-center-page">
      <section className="id-center-card">
        <Typography.Title heading={4}>{t('devices.title')}</Typography.Title>
        <Typography.Paragraph type="tertiary">{t('devices.subtitle')}</Typography.Paragraph>
        <DeviceTable
          devices={devices}
          loading={loading}
          onChanged={() => {
            void reload();
            setLogKey((key) => key + 1);
          }}
        />
      </section>
      <section className="id-center-card">
        <Typography.Title heading={5}>{t('devices.logTitle')}</Typography.Title>
        <LoginLogTable reloadKey={logKey} />
      </section>
    </div>
  );
}
