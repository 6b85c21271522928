import { Button, Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../../../core/web';
import { CONSOLE_PASSWORD_PATH, CONSOLE_TOTP_PATH, CONSOLE_TOTP_SECRET_PATH } from '../../shared/types';
import { messageOf } from '../console-error';
import { useOperator } from '../use-operator';
import '../console.css';

interface TotpOffer {
  secret: string;
  uri: string;
  qr: string;
}

const PasswordForm = observer(function PasswordForm() {
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [state, setState] = useState<{ error?: string; done?: boolean; pending?: boolean }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.pending) return;
    if (!oldPassword || !newPassword) return setState({ error: t('passwordRequired') });
    setState({ pending: true });
    try {
      await store.http.post(CONSOLE_PASSWORD_PATH, { oldPassword, newPassword }, { silent: true });
      setOldPassword('');
      setNewPassword('');
      setState({ done: true });
    } catch (error) {
      setState({ error: messageOf(error) });
    }
  };

  return (
    <form className="cc-form" onSubmit={submit} noValidate>
      {state.error && <p className="cc-error" role="alert">{state.error}</p>}
      {state.done && <p className="cc-done" role="status">{t('passwordChanged')}</p>}
      <label className="cc-field">
        {t('currentPassword')}
        <Input name="oldPassword" type="password" autoComplete="current-password" value={oldPassword} onChange={setOldPassword} />
      </label>
      <label className="cc-field">
        {t('newPassword')}
        <Input name="newPassword" type="password" autoComplete="new-password" value={newPassword} onChange={setNewPassword} />
        <span className="cc-hint">{t('newPasswordHint')}</span>
      </label>
      <Button htmlType="submit" theme="solid" type="primary" loading={state.pending}>
        {t('changePassword')}
      </Button>
    </form>
  );
});

const TotpBinding = observer(function TotpBinding() {
  const store = useOperator();
  const { t } = useTranslation('console-core');
  const [offer, setOffer] = useState<TotpOffer | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  if (!store.needsTotp) return <p data-testid="totp-bound">{t('totpBound')}</p>;

  const start = async () => {
    setError('');
    try {
      setOffer(await store.http.post<TotpOffer>(CONSOLE_TOTP_SECRET_PATH, {}, { silent: true }));
    } catch (failure) {
      setError(messageOf(failure));
    }
  };
  const bind = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      await store.http.post(CONSOLE_TOTP_PATH, { code: code.trim() }, { silent: true });
      store.markTotpBound();
      await store.refreshProfile();
    } catch (failure) {
      setError(messageOf(failure));
      setCode('');
    }
  };

  return (
    <div>
      <p className="cc-hint">{t('totpIntro')}</p>
      {error && <p className="cc-error" role="alert">{error}</p>}
      {!offer ? (
        <Button theme="solid" type="primary" onClick={start}>
          {t('totpStart')}
        </Button>
      ) : (
        <form className="cc-form" onSubmit={bind} noValidate>
          <div className="cc-qr">
            <img src={offer.qr} alt={t('totpQrAlt')} />
            <div>
              <span className="cc-hint">{t('totpManualKey')}</span>
              <div>
                <code data-testid="totp-secret">{offer.secret}</code>
              </div>
            </div>
          </div>
          <label className="cc-field">
            {t('totpCode')}
            <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={setCode} />
          </label>
          <Button htmlType="submit" theme="solid" type="primary">
            {t('totpBind')}
          </Button>
        </form>
      )}
    </div>
  );
});

/** My account: change the password, bind an authenticator app (required before the rest of the console opens). */
const AccountPage = observer(function AccountPage() {
  const store = useOperator();
  const { t } = useTranslation('console-core');
  if (!store.hydrated || !store.isSignedIn) return <PageSpinner />;
  return (
    <>
      <h1 className="cc-title">{t('accountTitle')}</h1>
      {store.needsTotp && (
        <p className="cc-error" role="alert">
          {t('totpSetupFirst')}
        </p>
      )}
      <section className="cc-card">
        <h2 className="cc-card__title">{t('totpTitle')}</h2>
        <TotpBinding />
      </section>
      <section className="cc-card">
        <h2 className="cc-card__title">{t('passwordTitle')}</h2>
        <PasswordForm />
      </section>
    </>
  );
});

export default AccountPage;
