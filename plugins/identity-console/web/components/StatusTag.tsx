import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, 'green' | 'red' | 'orange' | 'grey' | 'blue'> = {
  active: 'green',
  frozen: 'red',
  submitted: 'orange',
  approved: 'green',
  rejected: 'red',
  returning: 'orange',
  returned: 'green',
};

/** A coloured, translated status ("identity-console:status.<value>"). */
export function StatusTag({ value }: { value: string }) {
  const { t } = useTranslation('identity-console');
  return <Tag color={COLORS[value] ?? 'grey'}>{t(`status.${value}`)}</Tag>;
}
