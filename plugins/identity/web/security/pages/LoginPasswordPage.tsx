import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { PasswordStrengthMeter } from '../../components/PasswordStrengthMeter';
import { ReauthFields } from '../components/ReauthFields';
import { SecretInput } from '../components/SecretInput';
import { SecurityFormFrame } from '../components/SecurityFormFrame';
import { updateLoginPassword } from '../security-api';
import { loginPasswordProblems, type LoginPasswordInput } from '../security-rules';
import { useSecurityForm } from '../use-security-form';

/** /account/center/setting/login-pwd: the old password is the re-authentication; the Google code when bound. */
export default observer(function LoginPasswordPage() {
  const form = useSecurityForm();
  const { t } = form;
  const [input, setInput] = useState<LoginPasswordInput>({ oldPassword: '', newPassword: '', newPassword1: '' });
  const set = (patch: Partial<LoginPasswordInput>) => setInput((current) => ({ ...current, ...patch }));

  const submit = () => {
    const { googleCode, signOutOthers } = form.reauthBody();
    return form.submit({
      problems: { ...loginPasswordProblems(input), ...form.reauthProblems(false) },
      send: () => updateLoginPassword(form.root, { ...input, ...(googleCode ? { googleCode } : {}), signOutOthers }),
      successKey: 'security.loginPwdDone',
    });
  };

  return (
    <SecurityFormFrame
      title={t('security.loginPwdTitle')}
      subtitle={t('security.loginPwdHint')}
      submitLabel={t('security.confirm')}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void submit()}
    >
      <SecretInput id="old-password" label={t('security.oldPassword')} autoComplete="current-password" maxLength={64} value={input.oldPassword} onChange={(oldPassword) => set({ oldPassword })} error={form.errors.oldPassword} />
      <SecretInput
        id="new-password"
        label={t('security.newPassword')}
        placeholder={t('register.newPasswordPlaceholder')}
        maxLength={20}
        value={input.newPassword}
        onChange={(newPassword) => set({ newPassword })}
        error={form.errors.newPassword}
        extra={<PasswordStrengthMeter password={input.newPassword} />}
      />
      <SecretInput id="new-password-1" label={t('security.newPasswordAgain')} maxLength={20} value={input.newPassword1} onChange={(newPassword1) => set({ newPassword1 })} error={form.errors.newPassword1} />
      <ReauthFields {...form.reauthProps} withProof={false} />
    </SecurityFormFrame>
  );
});
