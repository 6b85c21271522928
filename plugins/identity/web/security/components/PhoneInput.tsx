import { Input, Select } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import { useAreaCodeOptions } from '../../use-area-code-options';

/** Area code select (GET /coin/open/get/phone/areaCode) and the national number. */
export function PhoneInput({
  id,
  areaCode,
  phone,
  onChange,
  invalid,
}: {
  id: string;
  areaCode: string;
  phone: string;
  onChange: (next: { areaCode: string; phone: string }) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('identity');
  const options = useAreaCodeOptions(areaCode);
  return (
    <div className="id-phone">
      <Select
        className="id-phone__area"
        size="large"
        filter
        aria-label={t('form.areaCode')}
        value={areaCode}
        optionList={options}
        renderSelectedItem={(option: { value?: unknown }) => `+${String(option.value ?? '')}`}
        onChange={(next) => onChange({ areaCode: String(next), phone })}
      />
      <Input
        id={id}
        size="large"
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('form.phonePlaceholder')}
        value={phone}
        validateStatus={invalid ? 'error' : 'default'}
        onChange={(next) => onChange({ areaCode, phone: next })}
      />
    </div>
  );
}
