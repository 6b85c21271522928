import { Banner, Button, Input, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import { AccountFields } from '../components/AccountFields';
import { AuthFrame } from '../components/AuthFrame';
import { FormRow } from '../components/FormRow';
import { accountInputProblem } from '../form-rules';
import { passwordGrant } from '../identity-api';
import { submitError } from '../submit-error';
import { useAccountInput } from '../use-account-input';
import '../identity.css';

/** /user/login: email or phone and password; a grant, the profile, then the page the member came from (or home). */
export default observer(function LoginPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [account, setAccount] = useAccountInput();
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    const accountProblem = accountInputProblem(account);
    if (accountProblem) next[accountProblem.field] = t(accountProblem.key);
    if (!password) next.password = t('form.required');
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const grant = await passwordGrant(root, account, password);
      await root.session.login(grant);
      Toast.success(t('login.success'));
      root.navigate(root.returnPath ?? '/');
    } catch (error) {
      const { message } = submitError(error, root.t('errors.unknown'));
      setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title={t('login.title')}
      subtitle={t('login.subtitle', { site: root.site.title })}
      footer={
        <>
          {t('login.noAccount')} <Link href={root.registerHref()}>{t('login.toRegister')}</Link>
        </>
      }
    >
      <form className="id-form" onSubmit={(event) => void submit(event)} noValidate>
        <AccountFields idPrefix="login" value={account} onChange={setAccount} error={errors.email ?? errors.phone} />
        <FormRow label={t('form.password')} htmlFor="login-password" error={errors.password}>
          <Input
            id="login-password"
            size="large"
            mode="password"
            autoComplete="current-password"
            placeholder={t('form.passwordPlaceholder')}
            value={password}
            validateStatus={errors.password ? 'error' : 'default'}
            onChange={setPassword}
          />
        </FormRow>
        {formError ? <Banner className="id-form__banner" type="danger" fullMode={false} closeIcon={null} description={formError} /> : null}
        <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={busy} className="id-submit">
          {t('login.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
});
