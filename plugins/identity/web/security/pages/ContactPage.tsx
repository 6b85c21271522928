import { Input } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { maskAccount } from '../../../../../core/shared';
import type { BindContactBody } from '../../../shared/types';
import { FormRow } from '../../components/FormRow';
import { accountInputProblem, type AccountInput } from '../../form-rules';
import { CodeField } from '../components/CodeField';
import { PhoneInput } from '../components/PhoneInput';
import { ReauthFields } from '../components/ReauthFields';
import { SecurityFormFrame } from '../components/SecurityFormFrame';
import { bindContact, type CodeTarget } from '../security-api';
import { contactCodeProblems } from '../security-rules';
import { sendCodeWithToast } from '../send-code';
import { useSecurityForm } from '../use-security-form';

export type ContactKind = 'email' | 'phone';

function targetOf(input: AccountInput): CodeTarget {
  return input.type === 'email' ? { kind: 'email', email: input.email.trim() } : { kind: 'phone', areaCode: input.areaCode, phone: input.phone.trim() };
}

function bodyOf(input: AccountInput, codes: { newCode: string; oldCode?: string }): BindContactBody {
  const contact = input.type === 'email' ? { type: 'email' as const, email: input.email.trim() } : { type: 'phone' as const, areaCode: input.areaCode, phone: input.phone.trim() };
  return { ...contact, ...codes };
}

/**
 * Binds or changes the member's email or phone: a "bind" code to the new contact, one to the replaced contact
 * when there is one, and the re-authentication.
 */
export const ContactPage = observer(function ContactPage({ kind }: { kind: ContactKind }) {
  const form = useSecurityForm({ fieldOf: { areaCode: 'phone' } });
  const { root, t, member } = form;
  const [input, setInput] = useState<AccountInput>({ type: kind, email: '', phone: '', areaCode: member.areaCode ?? root.boot?.site.areaCode ?? root.site.areaCode });
  const [newCode, setNewCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const current: CodeTarget | null =
    kind === 'email' ? (member.email ? { kind: 'email', email: member.email } : null) : member.phone && member.areaCode ? { kind: 'phone', areaCode: member.areaCode, phone: member.phone } : null;
  const [contactError, setContactError] = useState<string | null>(null);

  const sendToNew = async () => {
    const problem = accountInputProblem(input);
    setContactError(problem ? t(problem.key) : null);
    return problem ? null : sendCodeWithToast(root, t, targetOf(input), 'bind');
  };

  const submit = () => {
    const problem = accountInputProblem(input);
    setContactError(null);
    return form.submit({
      problems: { ...(problem ? { [kind]: problem.key } : {}), ...contactCodeProblems(newCode, oldCode, current !== null), ...form.reauthProblems() },
      send: () => bindContact(root, { ...bodyOf(input, { newCode: newCode.trim(), ...(current ? { oldCode: oldCode.trim() } : {}) }), ...form.reauthBody() }),
      successKey: kind === 'email' ? 'security.emailDone' : 'security.phoneDone',
    });
  };

  const fieldError = contactError ?? form.errors[kind];
  const prefix = `contact-${kind}`;
  return (
    <SecurityFormFrame
      title={t(`security.${kind}${current ? 'Change' : 'Bind'}Title`)}
      subtitle={current ? t('security.contactCurrent', { contact: maskAccount(kind === 'email' ? member.email! : member.phone!) }) : t(`security.${kind}BindHint`)}
      submitLabel={t('security.confirm')}
      busy={form.busy}
      formError={form.formError}
      onSubmit={() => void submit()}
    >
      <FormRow label={t(kind === 'email' ? 'security.newEmail' : 'security.newPhone')} htmlFor={prefix} error={fieldError}>
        {kind === 'email' ? (
          <Input
            id={prefix}
            size="large"
            type="email"
            autoComplete="email"
            placeholder={t('form.emailPlaceholder')}
            value={input.email}
            validateStatus={fieldError ? 'error' : 'default'}
            onChange={(email) => setInput({ ...input, email })}
          />
        ) : (
          <PhoneInput id={prefix} areaCode={input.areaCode} phone={input.phone} invalid={Boolean(fieldError)} onChange={(next) => setInput({ ...input, ...next })} />
        )}
      </FormRow>
      <CodeField id={`${prefix}-new-code`} label={t('security.newContactCode')} placeholder={t('register.codePlaceholder')} value={newCode} onChange={setNewCode} error={form.errors.newCode} onSend={sendToNew} />
      {current ? (
        <CodeField
          id={`${prefix}-old-code`}
          label={t('security.oldContactCode', { contact: maskAccount(kind === 'email' ? member.email! : member.phone!) })}
          placeholder={t('register.codePlaceholder')}
          value={oldCode}
          onChange={setOldCode}
          error={form.errors.oldCode}
          onSend={() => sendCodeWithToast(root, t, current, 'bind')}
        />
      ) : null}
      <ReauthFields {...form.reauthProps} />
    </SecurityFormFrame>
  );
});
