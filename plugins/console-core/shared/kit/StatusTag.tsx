import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

type TagColor = 'green' | 'red' | 'orange' | 'grey' | 'blue';

const COLORS: Record<string, TagColor> = {
  active: 'green',
  frozen: 'red',
  submitted: 'orange',
  approved: 'green',
  rejected: 'red',
  returning: 'orange',
  returned: 'green',
  review: 'orange',
  pending: 'orange',
  broadcast: 'blue',
  completed: 'green',
  credited: 'green',
  cancelled: 'grey',
  failed: 'red',
  reversed: 'red',
  published: 'green',
  draft: 'grey',
  open: 'orange',
  closed: 'grey',
  trading: 'green',
  halted: 'red',
};

/** A coloured status translated from the plugin's namespace ("<namespace>:status.<value>"). */
export function StatusTag({ value, namespace }: { value: string; namespace: string }) {
  const { t } = useTranslation(namespace);
  return <Tag color={COLORS[value] ?? 'grey'}>{t(`status.${value}`)}</Tag>;
}
