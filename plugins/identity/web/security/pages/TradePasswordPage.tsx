import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { ReauthFields } from '../components/ReauthFields';
import { SecretInput } from '../components/SecretInput';
import { SecurityFormFrame } from '../components/SecurityFormFrame';
import { setTradePassword } from '../security-api';
import { tradePwdProblems } from '../security-rules';
import { useSecurityForm } from '../use-security-form';

/** /account/center/setting/trade-pwd: six digits, entered twice. */
export default observer(function TradePasswordPage() {
  const form = useSecurityForm();
  const { t, member } = form;
  const [tradePwd, setTradePwd] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = () =>
    form.submit({
      problems: { ...tradePwdProblems(tradePwd, confirm), ...form.reauthProblems() },
      send: () => setTradePassword(form.root, { tradePwd, ...form.reauthBody() }),
      successKey: 'security.tradePwdDone',
    });

  return (
    <SecurityFormFrame
      title={t(member.tradePwdSet ? 'security.tradePwdChangeTitle' : 'security.tradePwdSetTitle')}
      subtitle={t('security.tradePwdHint')}
      submitLabel={t('security.confirm')}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void submit()}
    >
      <SecretInput id="trade-pwd" label={t('security.tradePwd')} placeholder={t('security.tradePwdPlaceholder')} numeric maxLength={6} value={tradePwd} onChange={setTradePwd} error={form.errors.tradePwd} />
      <SecretInput id="trade-pwd-confirm" label={t('security.tradePwdConfirm')} placeholder={t('security.tradePwdPlaceholder')} numeric maxLength={6} value={confirm} onChange={setConfirm} error={form.errors.confirmTradePwd} />
      <ReauthFields {...form.reauthProps} />
    </SecurityFormFrame>
  );
});
