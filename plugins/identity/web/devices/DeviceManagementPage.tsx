import { Typography } from '@douyinfe/semi-ui-19';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { LoginDevice } from '../../shared/types';
import { DeviceTable } from './DeviceTable';
import { loadDevices } from './devices-api';
import { LoginLogTable } from './LoginLogTable';
import './devices.css';

/** /account/center/device-management: the devices that signed in, and the login history below. */
export default function DeviceManagementPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [devices, setDevices] = useState<LoginDevice[]>([]);
  const [loading, setLoading] = useState(true);
  const [logKey, setLogKey] = useState(0);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setDevices(await loadDevices(root));
    } catch {
      // the HTTP client has shown the error
    } finally {
      setLoading(false);
    }
  }, [root]);
  useEffect(() => {
    void reload();
  }, [reload]);

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
