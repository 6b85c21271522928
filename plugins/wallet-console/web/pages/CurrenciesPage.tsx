import { Button, SideSheet, Table, Tag } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConsolePageGate } from '../../../console-core/shared/kit';
import type { ConsoleCurrency } from '../../../wallet/shared/types';
import type { ConsoleNetwork } from '../console-api';
import { CurrencyForm } from '../components/CurrencyForm';
import { NetworkForm } from '../components/NetworkForm';
import { useCurrencies } from '../use-currencies';
import { useWalletConsole } from '../use-wallet-console';
import '../wallet-console.css';

type Editing =
  | { kind: 'currency'; currency: ConsoleCurrency | null }
  | { kind: 'network'; currency: ConsoleCurrency; network: ConsoleNetwork | null };

function NetworkChip({ network, onEdit }: { network: ConsoleNetwork; onEdit(): void }) {
  const { t } = useTranslation('wallet-console');
  return (
    <button type="button" className="wc-chip" onClick={onEdit} title={t('editNetwork')} data-network={network.network}>
      <strong>{network.network}</strong>
      <span>{t(`chainName.${network.chain}`)}</span>
      {network.contractAddress && <span>{t('token')}</span>}
      {!network.depositEnabled && <span className="wc-chip__off">{t('depositOff')}</span>}
      {!network.withdrawEnabled && <span className="wc-chip__off">{t('withdrawOff')}</span>}
    </button>
  );
}

function Currencies() {
  const { t } = useTranslation('wallet-console');
  const { api } = useWalletConsole();
  const { currencies, reload } = useCurrencies(api);
  const [editing, setEditing] = useState<Editing | null>(null);
  const saved = () => {
    setEditing(null);
    reload();
  };

  const columns = [
    {
      title: t('currency'),
      dataIndex: 'currency',
      render: (code: string, row: ConsoleCurrency) => (
        <span className="wc-coin">
          {row.icon && <img src={row.icon} alt="" width={20} height={20} />}
          <strong>{code}</strong>
          <span>{row.name}</span>
        </span>
      ),
    },
    { title: t('scale'), dataIndex: 'scale' },
    { title: t('sort'), dataIndex: 'sort' },
    { title: t('usdtPrice'), dataIndex: 'usdtPrice', align: 'right' as const },
    {
      title: t('enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'grey'}>{t(enabled ? 'yes' : 'no')}</Tag>,
    },
    {
      title: t('networks'),
      render: (_: unknown, row: ConsoleCurrency) => (
        <span className="wc-chips">
          {row.networks.map((network) => (
            <NetworkChip key={network.network} network={network} onEdit={() => setEditing({ kind: 'network', currency: row, network })} />
          ))}
          <Button size="small" theme="borderless" onClick={() => setEditing({ kind: 'network', currency: row, network: null })}>
            {t('addNetwork')}
          </Button>
        </span>
      ),
    },
    {
      title: '',
      render: (_: unknown, row: ConsoleCurrency) => (
        <Button theme="borderless" onClick={() => setEditing({ kind: 'currency', currency: row })}>
          {t('edit')}
        </Button>
      ),
    },
  ];

  const title =
    editing?.kind === 'network'
      ? t(editing.network ? 'editNetworkTitle' : 'addNetworkTitle', { currency: editing.currency.currency, network: editing.network?.network })
      : t(editing?.currency ? 'editCurrencyTitle' : 'addCurrencyTitle', { currency: editing?.currency?.currency });

  return (
    <>
      <h1 className="wc-title">{t('currenciesTitle')}</h1>
      <div className="wc-filters">
        <Button type="primary" theme="solid" onClick={() => setEditing({ kind: 'currency', currency: null })}>
          {t('addCurrency')}
        </Button>
      </div>
      <Table<ConsoleCurrency>
        rowKey="currency"
        columns={columns}
        dataSource={currencies ?? []}
        loading={currencies === null}
        pagination={false}
        empty={t('empty')}
      />
      <SideSheet visible={editing !== null} onCancel={() => setEditing(null)} closeOnEsc title={title} width={520}>
        {editing?.kind === 'currency' && <CurrencyForm key={editing.currency?.currency ?? 'new'} currency={editing.currency} onSaved={saved} />}
        {editing?.kind === 'network' && (
          <NetworkForm
            key={`${editing.currency.currency}:${editing.network?.network ?? 'new'}`}
            currency={editing.currency.currency}
            scale={editing.currency.scale}
            network={editing.network}
            onSaved={saved}
          />
        )}
      </SideSheet>
    </>
  );
}

export default function CurrenciesPage() {
  return (
    <ConsolePageGate>
      <Currencies />
    </ConsolePageGate>
  );
}
