import { Button, Spin } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { LoadStatus } from '../markets-store';

/** What a market list shows while it loads, after a failure, or when it is empty; null once rows are there. */
export function LoadState({ status, empty, onRetry }: { status: LoadStatus; empty: boolean; onRetry: () => void }) {
  const { t } = useTranslation('markets');
  if (status === 'error') {
    return (
      <div className="mk-state" role="alert">
        <p>{t('loadFailed')}</p>
        <Button onClick={onRetry}>{t('retry')}</Button>
      </div>
    );
  }
  if (status !== 'ready') {
    // A reload keeps the rows already shown.
    if (!empty) return null;
    return (
      <div className="mk-state">
        <Spin />
      </div>
    );
  }
  if (empty) return <div className="mk-state">{t('empty')}</div>;
  return null;
}
