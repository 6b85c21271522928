import { Radio, RadioGroup, Tag } from '@douyinfe/semi-ui-19';
import { useTranslation } from 'react-i18next';
import type { NetworkInfo } from '../../shared/types';

/** "devnet" badge of the simulated chain: its coins are not real. */
export function DevnetBadge() {
  const { t } = useTranslation('wallet');
  return (
    <Tag color="orange" size="small" className="wallet-devnet" data-testid="devnet-badge">
      {t('devnet')}
    </Tag>
  );
}

/** The networks of a currency as buttons; the devnet ones are badged. */
export function NetworkPicker({
  id,
  networks,
  value,
  onChange,
}: {
  id: string;
  networks: NetworkInfo[];
  value: string | undefined;
  onChange: (network: string) => void;
}) {
  return (
    <RadioGroup id={id} type="button" className="wallet-networks" value={value} onChange={(event) => onChange(String(event.target.value))}>
      {networks.map((network) => (
        <Radio key={network.network} value={network.network}>
          <span className="wallet-networks__label">
            {network.label || network.network}
            {network.devnet ? <DevnetBadge /> : null}
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}
