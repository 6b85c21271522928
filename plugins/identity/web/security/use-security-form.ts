import { Toast } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { SECURITY_ROUTE } from '../route-names';
import { submitError } from '../submit-error';
import type { ReauthFieldsProps } from './components/ReauthFields';
import { memberSecurity, ownContact } from './member-security';
import { EMPTY_REAUTH, reauthBody, reauthProblems, type FieldProblems, type ReauthInput } from './security-rules';
import { sendCodeWithToast } from './send-code';

export interface SubmitOptions {
  /** Field problems found before sending; nothing is sent while there are any. */
  problems: FieldProblems;
  send: () => Promise<unknown>;
  /** The identity key of the success toast. */
  successKey: string;
}

/**
 * The state every change form shares: field errors (the client's checks, then the server's named field),
 * the re-authentication input, and the submit flow — success toast, profile reload, back to the security page.
 * `fieldOf` maps a server field name to the form's where they differ.
 */
export function useSecurityForm(options: { fieldOf?: Record<string, string>; checksGoogle?: boolean } = {}) {
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reauth, setReauth] = useState<ReauthInput>(EMPTY_REAUTH);
  const member = memberSecurity(root.session.user);
  const contact = ownContact(member);
  const needGoogle = member.googleBound && !options.checksGoogle;

  const submit = async ({ problems, send, successKey }: SubmitOptions) => {
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)])));
    setFormError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await send();
    } catch (error) {
      const { field, message } = submitError(error, root.t('errors.unknown'));
      const formField = field ? (options.fieldOf?.[field] ?? field) : null;
      if (formField && formField !== 'action') setErrors({ [formField]: message });
      else setFormError(message);
      setBusy(false);
      return;
    }
    Toast.success(t(successKey));
    try {
      await root.session.loadProfile();
    } catch {
      // the change is made; the page shows the state again on the next profile load
    }
    setBusy(false);
    root.navigate(root.href(SECURITY_ROUTE));
  };

  const reauthProps: ReauthFieldsProps = {
    value: reauth,
    onChange: setReauth,
    errors,
    contact,
    needGoogle,
    onSendVerifyCode: () => (contact ? sendCodeWithToast(root, t, contact, 'verify') : Promise.resolve(null)),
  };

  return {
    root,
    t,
    member,
    errors,
    formError,
    busy,
    submit,
    reauthProps,
    /** Problems of the re-authentication block (without the proof where the form has its own). */
    reauthProblems: (withProof = true) => {
      const found = reauthProblems(reauth, needGoogle);
      if (!withProof) {
        delete found.password;
        delete found.code;
      }
      return found;
    },
    reauthBody: () => reauthBody(reauth, needGoogle),
  };
}
