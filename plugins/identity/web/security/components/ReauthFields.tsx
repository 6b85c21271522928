import { Checkbox, Input, Radio, RadioGroup } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { maskAccount } from '../../../../../core/shared';
import { FormRow } from '../../components/FormRow';
import type { CodeTarget } from '../security-api';
import type { ReauthInput, ReauthMethod } from '../security-rules';
import { CodeField } from './CodeField';

export interface ReauthFieldsProps {
  value: ReauthInput;
  onChange: (next: ReauthInput) => void;
  errors: Record<string, string>;
  /** Where a "verify" code goes; without one only the login password is offered. */
  contact: CodeTarget | null;
  onSendVerifyCode: () => Promise<number | null>;
  /** Ask for the login password or a verify code (false where the form has its own proof, e.g. the old password). */
  withProof?: boolean;
  /** Ask for the current Google code (an authenticator is bound and the change does not check one itself). */
  needGoogle: boolean;
}

const contactText = (contact: CodeTarget) => maskAccount(contact.kind === 'email' ? contact.email : contact.phone);

/** The re-authentication block of every change form, with "sign out other devices". */
export function ReauthFields({ value, onChange, errors, contact, onSendVerifyCode, withProof = true, needGoogle }: ReauthFieldsProps) {
  const { t } = useTranslation('identity');
  const set = (patch: Partial<ReauthInput>) => onChange({ ...value, ...patch });
  return (
    <fieldset className="id-sec-reauth">
      <legend className="id-sec-reauth__legend">{t('security.reauthTitle')}</legend>
      {withProof && contact ? (
        <RadioGroup
          className="id-sec-reauth__methods"
          type="button"
          value={value.method}
          aria-label={t('security.reauthTitle')}
          onChange={(event) => set({ method: event.target.value as ReauthMethod })}
        >
          <Radio value="password">{t('security.reauthByPassword')}</Radio>
          <Radio value="code">{t('security.reauthByCode')}</Radio>
        </RadioGroup>
      ) : null}
      {withProof && (value.method === 'password' || !contact) ? (
        <FormRow label={t('security.loginPassword')} htmlFor="reauth-password" error={errors.password}>
          <Input
            id="reauth-password"
            size="large"
            mode="password"
            autoComplete="current-password"
            maxLength={64}
            placeholder={t('security.loginPasswordPlaceholder')}
            value={value.password}
            validateStatus={errors.password ? 'error' : 'default'}
            onChange={(password) => set({ password })}
          />
        </FormRow>
      ) : null}
      {withProof && value.method === 'code' && contact ? (
        <CodeField
          id="reauth-code"
          label={t('security.verifyCode', { contact: contactText(contact) })}
          placeholder={t('register.codePlaceholder')}
          value={value.code}
          onChange={(code) => set({ code })}
          error={errors.code}
          onSend={onSendVerifyCode}
        />
      ) : null}
      {needGoogle ? (
        <CodeField
          id="reauth-google"
          label={t('security.googleCode')}
          placeholder={t('security.googleCodePlaceholder')}
          value={value.googleCode}
          onChange={(googleCode) => set({ googleCode })}
          error={errors.googleCode}
        />
      ) : null}
      <Checkbox className="id-sec-reauth__signout" checked={value.signOutOthers} onChange={(event) => set({ signOutOthers: Boolean(event.target.checked) })}>
        {t('security.signOutOthers')}
      </Checkbox>
    </fieldset>
  );
}
