import { Input, Select, TabPane, Tabs } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useAreaCodeOptions } from '../use-area-code-options';
import type { AccountType } from '../../shared/types';
import type { AccountInput } from '../form-rules';
import { FormRow } from './FormRow';

/** Email / phone tabs with the account input; the phone tab has the area code selector. */
export function AccountFields({
  value,
  onChange,
  error,
  idPrefix,
}: {
  value: AccountInput;
  onChange: (next: AccountInput) => void;
  error?: string | null;
  idPrefix: string;
}) {
  const { t } = useTranslation('identity');
  const options = useAreaCodeOptions(value.areaCode);

  return (
    <>
      <Tabs
        type="line"
        className="id-tabs"
        activeKey={value.type}
        onChange={(key) => onChange({ ...value, type: key as AccountType })}
      >
        <TabPane tab={t('form.email')} itemKey="email" />
        <TabPane tab={t('form.phone')} itemKey="phone" />
      </Tabs>
      {value.type === 'email' ? (
        <FormRow label={t('form.email')} htmlFor={`${idPrefix}-email`} error={error}>
          <Input
            id={`${idPrefix}-email`}
            size="large"
            type="email"
            autoComplete="username"
            placeholder={t('form.emailPlaceholder')}
            value={value.email}
            validateStatus={error ? 'error' : 'default'}
            onChange={(email) => onChange({ ...value, email })}
          />
        </FormRow>
      ) : (
        <FormRow label={t('form.phone')} htmlFor={`${idPrefix}-phone`} error={error}>
          <div className="id-phone">
            <Select
              className="id-phone__area"
              size="large"
              filter
              aria-label={t('form.areaCode')}
              value={value.areaCode}
              optionList={options}
              renderSelectedItem={(option: { value?: unknown }) => `+${String(option.value ?? '')}`}
              onChange={(areaCode) => onChange({ ...value, areaCode: String(areaCode) })}
            />
            <Input
              id={`${idPrefix}-phone`}
              size="large"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={t('form.phonePlaceholder')}
              value={value.phone}
              validateStatus={error ? 'error' : 'default'}
              onChange={(phone) => onChange({ ...value, phone })}
            />
          </div>
        </FormRow>
      )}
    </>
  );
}
