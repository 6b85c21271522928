import { useTranslation } from 'react-i18next';
import type { MarketRow } from '../../shared/types';

/** Marks a market whose trading the operator halted; it stays listed. */
export function HaltedMark({ row }: { row: Pick<MarketRow, 'halted'> }) {
  const { t } = useTranslation('markets');
  if (!row.halted) return null;
  return (
    <span className="mk-halted-mark" title={t('haltedHint')} data-testid="markets-halted">
      {t('halted')}
    </span>
  );
}
