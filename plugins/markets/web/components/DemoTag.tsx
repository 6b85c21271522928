import { Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';

/** Marks prices that are demo reference values, not market data. */
export function DemoTag() {
  const { t } = useTranslation('markets');
  return (
    <span title={t('demoHint')}>
      <Tag color="amber" size="large" shape="circle" data-testid="markets-demo-tag">
        {t('demoTag')}
      </Tag>
    </span>
  );
}
