import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_STATUSES } from '../../shared/types';
import { RecordHistory } from '../components/RecordHistory';
import { WithdrawalTable } from '../components/WithdrawalTable';
import { walletApi } from '../wallet-api';

/** /account/wallet/history-withdrawal (and the account center's): withdrawals with state, reason and cancel. */
export default observer(function WithdrawalHistoryPage() {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-page" data-testid="wallet-history-withdrawal">
      <RecordHistory
        kind="withdrawals"
        title={t('withdrawalHistoryTitle')}
        statuses={WITHDRAWAL_STATUSES}
        load={walletApi.withdrawals}
        list={(page, loading, onPageChange) => <WithdrawalTable page={page} loading={loading} onPageChange={onPageChange} />}
      />
    </div>
  );
});
