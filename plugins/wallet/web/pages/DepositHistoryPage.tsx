import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { DEPOSIT_STATUSES } from '../../shared/types';
import { DepositTable } from '../components/DepositTable';
import { RecordHistory } from '../components/RecordHistory';
import { walletApi } from '../wallet-api';

/** /account/wallet/history-deposit (and the account center's): every deposit, filtered and paged. */
export default observer(function DepositHistoryPage() {
  const { t } = useTranslation('wallet');
  return (
    <div className="wallet-page" data-testid="wallet-history-deposit">
      <RecordHistory
        kind="deposits"
        title={t('depositHistoryTitle')}
        statuses={DEPOSIT_STATUSES}
        load={walletApi.deposits}
        list={(page, loading, onPageChange) => <DepositTable page={page} loading={loading} onPageChange={onPageChange} />}
      />
    </div>
  );
});
