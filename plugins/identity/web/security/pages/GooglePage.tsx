import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { CodeField } from '../components/CodeField';
import { GoogleSecretPanel } from '../components/GoogleSecretPanel';
import { ReauthFields } from '../components/ReauthFields';
import { SecurityFormFrame } from '../components/SecurityFormFrame';
import { googleBindOrReset } from '../security-api';
import { googleCodeProblems } from '../security-rules';
import { useSecurityForm } from '../use-security-form';

/**
 * /account/center/setting/google: bind (scan the new secret, then confirm with its first code) or, when one is
 * bound, remove it with its current code. Either way the login password or a verify code re-authenticates.
 */
export default observer(function GooglePage() {
  const form = useSecurityForm({ checksGoogle: true });
  const { t, member } = form;
  const [bound] = useState(member.googleBound);
  const [googleCode, setGoogleCode] = useState('');

  const submit = () => {
    const { password, code, signOutOthers } = form.reauthBody();
    return form.submit({
      problems: { ...googleCodeProblems(googleCode), ...form.reauthProblems() },
      send: () => googleBindOrReset(form.root, bound ? 'reset' : 'bind', googleCode.trim(), { password, code, signOutOthers }),
      successKey: bound ? 'security.googleUnbound' : 'security.googleBoundDone',
    });
  };

  return (
    <SecurityFormFrame
      title={t(bound ? 'security.googleUnbindTitle' : 'security.googleBindTitle')}
      subtitle={t(bound ? 'security.googleUnbindHint' : 'security.googleBindHint')}
      submitLabel={t(bound ? 'security.unbind' : 'security.confirm')}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void submit()}
    >
      {bound ? null : <GoogleSecretPanel />}
      {bound ? null : (
        <p className="id-sec-step__title">
          <span className="id-sec-step__number">2</span>
          {t('security.googleStep2')}
        </p>
      )}
      <CodeField id="google-code" label={t('security.googleCode')} placeholder={t('security.googleCodePlaceholder')} value={googleCode} onChange={setGoogleCode} error={form.errors.googleCode} />
      <ReauthFields {...form.reauthProps} />
    </SecurityFormFrame>
  );
});
