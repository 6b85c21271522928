import { Banner, Button, Input, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import type { RegisterBody } from '../../shared/types';
import { AccountFields } from '../components/AccountFields';
import { AuthFrame } from '../components/AuthFrame';
import { FormRow } from '../components/FormRow';
import { PasswordStrengthMeter } from '../components/PasswordStrengthMeter';
import { SendCodeButton } from '../components/SendCodeButton';
import { accountInputProblem, codeProblem, inviteCodeInputProblem, newPasswordProblem, type AccountInput } from '../form-rules';
import { passwordGrant, register, sendCode } from '../identity-api';
import { submitError } from '../submit-error';
import { useAccountInput } from '../use-account-input';
import '../identity.css';

/** Server field names as the form knows them. */
const FIELD_OF: Record<string, string> = { email: 'account', phone: 'account', areaCode: 'account', code: 'code', password: 'password', inviteCode: 'inviteCode' };

function registerBody(account: AccountInput, code: string, password: string, inviteCode: string): RegisterBody {
  const contact = account.type === 'email' ? { email: account.email.trim() } : { areaCode: account.areaCode, phone: account.phone.trim() };
  return { account: account.type, ...contact, code: code.trim(), password, inviteCode: inviteCode.trim() };
}

/** /user/register: email or phone, a code sent to it, a password and the invite code; then signed in and back. */
export default observer(function RegisterPage() {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [account, setAccount] = useAccountInput();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState(root.settings.inviteCode);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const requestCode = async (): Promise<number | null> => {
    const problem = accountInputProblem(account);
    setErrors((current) => ({ ...current, account: problem ? t(problem.key) : '' }));
    if (problem) return null;
    try {
      const sent = await sendCode(root, account, 'register');
      Toast.success(t('register.codeSent', { minutes: sent.expiresInMinutes }));
      return sent.resendAfter;
    } catch {
      return null; // the shell has shown the server's message (e.g. wait a minute)
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const accountProblem = accountInputProblem(account);
    const problems: Record<string, string | null> = {
      account: accountProblem ? t(accountProblem.key) : null,
      code: codeProblem(code) && t(codeProblem(code)!),
      password: newPasswordProblem(password) && t(newPasswordProblem(password)!),
      inviteCode: inviteCodeInputProblem(inviteCode) && t(inviteCodeInputProblem(inviteCode)!),
    };
    const next = Object.fromEntries(Object.entries(problems).filter((entry): entry is [string, string] => Boolean(entry[1])));
    setErrors(next);
    setFormError(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const { uid } = await register(root, registerBody(account, code, password, inviteCode));
      Toast.success(t('register.success', { uid }));
      try {
        await root.session.login(await passwordGrant(root, account, password));
        root.navigate(root.returnPath ?? '/');
      } catch {
        root.navigate(root.loginHref());
      }
    } catch (error) {
      const { field, message } = submitError(error, root.t('errors.unknown'));
      const formField = field ? FIELD_OF[field] : undefined;
      if (formField) setErrors({ [formField]: message });
      else setFormError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthFrame
      title={t('register.title')}
      subtitle={t('register.subtitle')}
      footer={
        <>
          {t('register.haveAccount')} <Link href={root.loginHref()}>{t('register.toLogin')}</Link>
        </>
      }
    >
      <form className="id-form" onSubmit={(event) => void submit(event)} noValidate>
        <AccountFields idPrefix="register" value={account} onChange={setAccount} error={errors.account} />
        <FormRow label={t('register.code')} htmlFor="register-code" error={errors.code}>
          <div className="id-code">
            <Input
              id="register-code"
              size="large"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder={t('register.codePlaceholder')}
              value={code}
              validateStatus={errors.code ? 'error' : 'default'}
              onChange={(value) => setCode(value.replace(/\D/g, ''))}
            />
            <SendCodeButton onSend={requestCode} />
          </div>
        </FormRow>
        <FormRow label={t('form.password')} htmlFor="register-password" error={errors.password}>
          <Input
            id="register-password"
            size="large"
            mode="password"
            autoComplete="new-password"
            maxLength={20}
            placeholder={t('register.newPasswordPlaceholder')}
            value={password}
            validateStatus={errors.password ? 'error' : 'default'}
            onChange={setPassword}
          />
          <PasswordStrengthMeter password={password} />
        </FormRow>
        <FormRow label={t('register.inviteCode')} htmlFor="register-invite" error={errors.inviteCode}>
          <Input
            id="register-invite"
            size="large"
            autoComplete="off"
            placeholder={t('register.inviteCodePlaceholder')}
            value={inviteCode}
            validateStatus={errors.inviteCode ? 'error' : 'default'}
            onChange={setInviteCode}
          />
        </FormRow>
        {formError ? <Banner className="id-form__banner" type="danger" fullMode={false} closeIcon={null} description={formError} /> : null}
        <Button htmlType="submit" theme="solid" type="primary" size="large" block loading={busy} className="id-submit">
          {t('register.submit')}
        </Button>
      </form>
    </AuthFrame>
  );
});
