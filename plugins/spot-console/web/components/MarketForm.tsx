import { Button, Input, Select, Toast } from '@douyinfe/semi-ui-19';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeNumericInput } from '../../../../core/shared';
import { FieldRow, isHttpError } from '../../../../core/web';
import { SELF_TRADE_POLICIES, type ConsoleMarket, type SelfTradePolicyName } from '../../../spot/shared/types';
import { useSpotConsoleApi } from '../console-api';
import {
  changesAnything,
  draftFieldOf,
  draftOfMarket,
  FEE_PERCENT_DECIMALS,
  marketInputOf,
  marketUpdateOf,
  NEW_MARKET_DRAFT,
  PRICE_BAND_MAX,
  type DraftProblem,
  type MarketDraft,
  type MarketField,
} from '../market-draft';

/**
 * Decimals the inputs keep while typing: scales and the price band are whole numbers, fees percent with four places,
 * amounts up to 18.
 */
const TYPED_DECIMALS: Partial<Record<MarketField, number>> = {
  priceScale: 0,
  qtyScale: 0,
  makerFee: FEE_PERCENT_DECIMALS,
  takerFee: FEE_PERCENT_DECIMALS,
  priceBandPercent: 0,
};
const AMOUNT_DECIMALS = 18;

interface Shown {
  field?: MarketField;
  message: string;
}

/**
 * Adds a market (`market` null) or changes one: symbol and decimals are fixed once added. A refusal, local or from
 * the server, shows on its field; one naming no field of the form shows above the button.
 */
export function MarketForm({ market, onSaved }: { market: ConsoleMarket | null; onSaved(): void }) {
  const { t } = useTranslation('spot-console');
  const api = useSpotConsoleApi();
  const [draft, setDraft] = useState<MarketDraft>(() => (market ? draftOfMarket(market) : NEW_MARKET_DRAFT));
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);

  const change = (field: MarketField, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setShown(null);
  };

  /** The request the draft makes, or what stops it before anything is sent. */
  const requestOfDraft = (): (() => Promise<ConsoleMarket>) | Shown => {
    const refused = (problem: DraftProblem): Shown => ({ field: problem.field, message: t(problem.problem, problem.params) });
    if (!market) {
      const checked = marketInputOf(draft);
      return checked.ok ? () => api.addMarket(checked.body) : refused(checked);
    }
    const checked = marketUpdateOf(market, draft);
    if (!checked.ok) return refused(checked);
    return changesAnything(checked.body) ? () => api.updateMarket(checked.body) : { message: t('noChanges') };
  };

  const send = async () => {
    const request = requestOfDraft();
    if (typeof request !== 'function') return setShown(request);
    sending.current = true;
    setBusy(true);
    try {
      const saved = await request();
      Toast.success(t(market ? 'marketSaved' : 'marketAdded', { symbol: saved.symbol }));
      onSaved();
    } catch (error) {
      const message = (isHttpError(error) && error.msg) || t('requestFailed');
      setShown({ field: draftFieldOf(isHttpError(error) ? error.field : undefined), message });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending.current) void send();
  };

  const errorOf = (field: MarketField) => (shown?.field === field ? shown.message : undefined);
  const row = (field: MarketField, control: ReactNode, hint?: string) => (
    <FieldRow field={field} label={<span>{t(`field.${field}`)}</span>} error={errorOf(field)} hint={hint && <span className="sc-hint">{hint}</span>}>
      {control}
    </FieldRow>
  );
  const numberInput = (field: MarketField, options: { fixed?: boolean; suffix?: string } = {}) => (
    <Input
      value={draft[field]}
      disabled={options.fixed}
      suffix={options.suffix}
      inputMode={TYPED_DECIMALS[field] === 0 ? 'numeric' : 'decimal'}
      onChange={(raw) => change(field, normalizeNumericInput(raw, TYPED_DECIMALS[field] ?? AMOUNT_DECIMALS))}
    />
  );

  return (
    <form className="sc-form" onSubmit={submit} noValidate data-testid="market-form">
      {row(
        'symbol',
        <Input value={draft.symbol} disabled={market !== null} placeholder="ETH/BTC" onChange={(value) => change('symbol', value.toUpperCase().replace(/\s/g, ''))} />,
        market ? undefined : t('symbolHint'),
      )}
      <div className="sc-form__pair">
        {row('priceScale', numberInput('priceScale', { fixed: market !== null }))}
        {row('qtyScale', numberInput('qtyScale', { fixed: market !== null }))}
      </div>
      {row('tickSize', numberInput('tickSize'), t('tickHint'))}
      {row('lotSize', numberInput('lotSize'), t('lotHint'))}
      {row('minNotional', numberInput('minNotional'), t('minNotionalHint'))}
      <div className="sc-form__pair">
        {row('makerFee', numberInput('makerFee', { suffix: '%' }))}
        {row('takerFee', numberInput('takerFee', { suffix: '%' }))}
      </div>
      <p className="sc-hint">{t('feeHint')}</p>
      {row(
        'selfTrade',
        <Select
          value={draft.selfTrade}
          onChange={(value) => change('selfTrade', value as SelfTradePolicyName)}
          optionList={SELF_TRADE_POLICIES.map((policy) => ({ value: policy, label: t(`selfTradePolicy.${policy}`) }))}
        />,
        t(`selfTradeHint.${draft.selfTrade}`),
      )}
      {row('priceBandPercent', numberInput('priceBandPercent', { suffix: '%' }), t('priceBandHint', { max: PRICE_BAND_MAX }))}
      {shown && !shown.field && (
        <p className="sc-error" role="alert">
          {shown.message}
        </p>
      )}
      <Button htmlType="submit" theme="solid" type="primary" loading={busy}>
        {t(market ? 'save' : 'add')}
      </Button>
    </form>
  );
}
