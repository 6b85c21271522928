import { Spin, Typography } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../../core/web';
import type { GoogleSecret } from '../../../shared/types';
import { newGoogleSecret } from '../security-api';

/** Step 1 of binding: a new secret as a QR code and as text to copy into the authenticator app. */
export function GoogleSecretPanel() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [secret, setSecret] = useState<GoogleSecret | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    newGoogleSecret(root)
      .then((next) => alive && setSecret(next))
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [root]);

  return (
    <div className="id-sec-step">
      <p className="id-sec-step__title">
        <span className="id-sec-step__number">1</span>
        {t('security.googleStep1')}
      </p>
      {secret ? (
        <div className="id-sec-google">
          <img className="id-sec-google__qr" src={secret.qrCode} alt={t('security.googleQrAlt')} width={168} height={168} />
          <div className="id-sec-google__secret">
            <span className="id-sec-google__label">{t('security.googleSecret')}</span>
            <Typography.Text className="id-sec-google__key" copyable={{ content: secret.secret }} data-testid="google-secret">
              {secret.secret}
            </Typography.Text>
            <Typography.Text type="tertiary" size="small">
              {t('security.googleSecretHint')}
            </Typography.Text>
          </div>
        </div>
      ) : failed ? (
        <Typography.Text type="danger">{t('security.googleSecretFailed')}</Typography.Text>
      ) : (
        <Spin />
      )}
    </div>
  );
}
