import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { DepositStatus, WithdrawalStatus } from '../../shared/types';
import { statusKey } from '../labels';

type TagColor = 'green' | 'red' | 'orange' | 'grey' | 'blue';

const COLORS: Record<DepositStatus | WithdrawalStatus, TagColor> = {
  pending: 'orange',
  credited: 'green',
  reversed: 'red',
  review: 'orange',
  approved: 'blue',
  broadcast: 'blue',
  completed: 'green',
  rejected: 'red',
  cancelled: 'grey',
  failed: 'red',
};

/** A deposit or withdrawal state, coloured and translated. */
export function StatusTag({ status }: { status: DepositStatus | WithdrawalStatus }) {
  const { t } = useTranslation('wallet');
  return (
    <Tag color={COLORS[status] ?? 'grey'} data-status={status}>
      {t(statusKey(status))}
    </Tag>
  );
}
