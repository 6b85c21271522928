import { Button, Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OperatorStore } from '../operator-store';

/** Username and password, then the authenticator code when the server asks for it; calls onSignedIn after a successful sign-in. */
export const LoginForm = observer(function LoginForm({ store, onSignedIn }: { store: OperatorStore; onSignedIn: () => void }) {
  const { t } = useTranslation('console-core');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<'' | 'username' | 'password' | 'code'>('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const lacking = !username.trim() ? 'username' : !password ? 'password' : store.codeRequired && !code.trim() ? 'code' : '';
    setMissing(lacking);
    if (lacking || store.pending) return;
    if (await store.signIn(username.trim(), password, store.codeRequired ? code.trim() : undefined)) onSignedIn();
    else setCode('');
  };

  const message =
    missing === 'username' ? t('usernameRequired') : missing === 'password' ? t('passwordRequired') : missing === 'code' ? t('totpCodeRequired') : store.error;
  return (
    <form onSubmit={submit} noValidate>
      {message && (
        <p className="cc-login__error" role="alert">
          {message}
        </p>
      )}
      <label className="cc-field">
        {t('username')}
        <Input name="username" autoComplete="username" value={username} onChange={setUsername} size="large" />
      </label>
      <label className="cc-field">
        {t('password')}
        <Input name="password" type="password" autoComplete="current-password" value={password} onChange={setPassword} size="large" />
      </label>
      {store.codeRequired && (
        <label className="cc-field">
          {t('totpCode')}
          <Input name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} onChange={setCode} size="large" autoFocus />
          <span className="cc-hint">{t('totpCodeHint')}</span>
        </label>
      )}
      <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={store.pending}>
        {t('signIn')}
      </Button>
    </form>
  );
});
