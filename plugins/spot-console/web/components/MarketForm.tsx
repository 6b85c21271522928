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

/** A step's decimals are checked against its scale: changing the scale clears the step's message too. */
const STEP_OF_SCALE: Partial<Record<MarketField, MarketField>> = { priceScale: 'tickSize', qtyScale: 'lotSize' };

/** What stops the form: a message per field at fault, and one naming no field (shown above the button). */
interface Shown {
  fields: Partial<Record<MarketField, string>>;
  message?: string;
}

const NOTHING_SHOWN: Shown = { fields: {} };

/**
 * Adds a market (`market` null) or changes one: symbol and decimals are fixed once added. Every field at fault
 * before sending shows its refusal at once; a refusal of the server shows on the field it names, or above the button
 * when it names none.
 */
export function MarketForm({ market, onSaved }: { market: ConsoleMarket | null; onSaved(): void }) {
  const { t } = useTranslation('spot-console');
  const api = useSpotConsoleApi();
  const [draft, setDraft] = useState<MarketDraft>(() => (market ? draftOfMarket(market) : NEW_MARKET_DRAFT));
  const [shown, setShown] = useState<Shown>(NOTHING_SHOWN);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const change = (field: MarketField, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setShown((previous) => {
      const fields = { ...previous.fields };
      delete fields[field];
      const step = STEP_OF_SCALE[field];
      if (step) delete fields[step];
      return { fields };
    });
  };

  /** The request the draft makes, or what stops it before anything is sent. */
  const requestOfDraft = (): (() => Promise<ConsoleMarket>) | Shown => {
    const refused = (problems: DraftProblem[]): Shown => ({
      fields: Object.fromEntries(problems.map((problem) => [problem.field, t(problem.problem, problem.params)])),
    });
    if (!market) {
      const checked = marketInputOf(draft);
      return checked.ok ? () => api.addMarket(checked.body) : refused(checked.problems);
    }
    const checked = marketUpdateOf(market, draft);
    if (!checked.ok) return refused(checked.problems);
    return changesAnything(checked.body) ? () => api.updateMarket(checked.body) : { fields: {}, message: t('noChanges') };
  };

  const send = async () => {
    const request = requestOfDraft();
    if (typeof request !== 'function') {
      setShown(request);
      // the first field at fault may be scrolled out of the sheet (the button is at its foot)
      const first = Object.keys(request.fields)[0];
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[data-field="${first}"] input`)?.focus();
      return;
    }
    setShown(NOTHING_SHOWN);
    sending.current = true;
    setBusy(true);
    try {
      const saved = await request();
      Toast.success(t(market ? 'marketSaved' : 'marketAdded', { symbol: saved.symbol }));
      onSaved();
    } catch (error) {
      const message = (isHttpError(error) && error.msg) || t('requestFailed');
      const field = draftFieldOf(isHttpError(error) ? error.field : undefined);
      setShown(field ? { fields: { [field]: message } } : { fields: {}, message });
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sending.current) void send();
  };

    const row = (field: MarketField, control: ReactNode, hint?: string) => (
    <FieldRow field={field} label={<span>{t(`field.${field}`)}</span>} error={shown.fields[field]} hint={hint && <span className="sc-hint">{hint}</span>}>
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
    <form ref={formRef} className="sc-form" onSubmit={submit} noValidate data-testid="market-form">
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
      {shown.message && (
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
