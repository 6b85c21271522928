import { formatTime } from '../../../console-core/shared/kit';
import { Hash } from './Hash';

/** The columns the deposit and withdrawal lists start with: time, member, currency, network, address, amount. */
export function recordColumns(t: (key: string) => string) {
  return [
    { title: t('time'), dataIndex: 'createTime', render: formatTime },
    { title: t('uid'), dataIndex: 'uid' },
    { title: t('currency'), dataIndex: 'currency' },
    { title: t('network'), dataIndex: 'network' },
    { title: t('address'), dataIndex: 'address', render: (value: string) => <Hash value={value} /> },
    { title: t('amount'), dataIndex: 'amount', align: 'right' as const },
  ];
}
