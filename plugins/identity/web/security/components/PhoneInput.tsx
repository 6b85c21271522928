import { Input, Select } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../../core/web';
import type { AreaCodeItem } from '../../../shared/types';
import { loadAreaCodes } from '../../identity-api';

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
  const root = useRoot();
  const { t } = useTranslation('identity');
  const [items, setItems] = useState<AreaCodeItem[]>([]);

  useEffect(() => {
    let alive = true;
    loadAreaCodes(root)
      .then((next) => alive && setItems(next))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [root]);

  const known = items.some((item) => item.code === areaCode) ? items : [{ code: areaCode, name: '', iso: '' }, ...items];
  const options = known.map((item) => ({ value: item.code, label: item.name ? `+${item.code} ${item.name}` : `+${item.code}` }));
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
