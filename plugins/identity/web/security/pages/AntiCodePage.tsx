import { Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { FormRow } from '../../components/FormRow';
import { ReauthFields } from '../components/ReauthFields';
import { SecurityFormFrame } from '../components/SecurityFormFrame';
import { setAntiCode } from '../security-api';
import { antiCodeProblems } from '../security-rules';
import { useSecurityForm } from '../use-security-form';

/** /account/center/setting/anti-code: 4–20 letters or digits that close every later email. */
export default observer(function AntiCodePage() {
  const form = useSecurityForm();
  const { t, member } = form;
  const [antiCode, setAntiCodeInput] = useState('');

  const submit = () =>
    form.submit({
      problems: { ...antiCodeProblems(antiCode), ...form.reauthProblems() },
      send: () => setAntiCode(form.root, { antiCode: antiCode.trim(), ...form.reauthBody() }),
      successKey: 'security.antiCodeDone',
    });

  return (
    <SecurityFormFrame
      title={t(member.antiCodeSet ? 'security.antiCodeChangeTitle' : 'security.antiCodeSetTitle')}
      subtitle={member.antiCode ? t('security.antiCodeCurrent', { code: member.antiCode }) : t('security.antiCodeHint')}
      submitLabel={t('security.confirm')}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void submit()}
    >
      <FormRow label={t('security.antiCode')} htmlFor="anti-code" error={form.errors.antiCode}>
        <Input
          id="anti-code"
          size="large"
          autoComplete="off"
          maxLength={20}
          placeholder={t('security.antiCodePlaceholder')}
          value={antiCode}
          validateStatus={form.errors.antiCode ? 'error' : 'default'}
          onChange={setAntiCodeInput}
        />
      </FormRow>
      <ReauthFields {...form.reauthProps} />
    </SecurityFormFrame>
  );
});
