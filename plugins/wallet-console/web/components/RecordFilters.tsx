import { Button, Input, Select } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RecordFilter<S extends string> {
  status?: S;
  uid: string;
  currency: string;
}

/** Status, member uid and currency filters of a console record list; uid and currency apply on Search. */
export function RecordFilters<S extends string>(props: { statuses: readonly S[]; value: RecordFilter<S>; onChange(filter: RecordFilter<S>): void }) {
  const { statuses, value, onChange } = props;
  const { t } = useTranslation('wallet-console');
  const [uid, setUid] = useState(value.uid);
  const [currency, setCurrency] = useState(value.currency);
  return (
    <form
      className="wc-filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...value, uid: uid.trim(), currency: currency.trim().toUpperCase() });
      }}
    >
      <Select
        value={value.status}
        onChange={(status) => onChange({ ...value, status: (status as S | undefined) || undefined })}
        placeholder={t('allStatuses')}
        showClear
        optionList={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        style={{ width: 170 }}
        aria-label={t('statusLabel')}
      />
      <Input value={uid} onChange={setUid} placeholder={t('uid')} aria-label={t('uid')} showClear style={{ width: 180 }} />
      <Input value={currency} onChange={setCurrency} placeholder={t('currency')} aria-label={t('currency')} showClear style={{ width: 140 }} />
      <Button htmlType="submit" type="primary">
        {t('search')}
      </Button>
    </form>
  );
}
