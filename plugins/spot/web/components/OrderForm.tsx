import { Button, Checkbox, Input, Modal, Slider, Toast } from '@douyinfe/semi-ui-19';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { INVALID_NUMBER_DISPLAY, formatWithSeparators } from '../../../../core/shared';
import { isHttpError, useRoot } from '../../../../core/web';
import type { OrderSide, OrderType, SpotSymbol } from '../../shared/types';
import type { ExchangeStore } from '../exchange-store';
import { formatFixed, formatQuote } from '../format';
import { isUnreachable, placedToast } from '../order-feedback';
import { orderMarket } from './order-labels';
import {
  afterPlaced,
  amountForPercent,
  amountRefusal,
  canUsePercent,
  cleanInput,
  emptyDraft,
  bandRefusal,
  farFromLast,
  orderTotal,
  missingValue,
  PERCENT_MARKS,
  presetPrice,
  repriceDraft,
  requiredFields,
  spendsQuote,
  takesExits,
  type DraftField,
  type OrderDraft,
} from '../order-form';

type Errors = Partial<Record<DraftField, string>>;

function FormField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'spot-field spot-field--error' : 'spot-field'} data-field={id}>
      <label className="spot-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {error && (
        <p className="spot-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** One side's order form: price, amount or quote amount, stop trigger, take-profit / stop-loss, percentage, total. */
export const OrderForm = observer(function OrderForm({ store, market, side, type }: { store: ExchangeStore; market: SpotSymbol; side: OrderSide; type: OrderType }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const [draft, setDraft] = useState<OrderDraft>(() => emptyDraft());
  const [errors, setErrors] = useState<Errors>({});
  const [percent, setPercent] = useState(0);
  const [busy, setBusy] = useState(false);
  const spendCurrency = side === 'buy' ? market.quote_symbol : market.coin_symbol;
  const quoteScale = store.quoteScale(market);
  const available = store.available(spendCurrency);
  const id = (field: DraftField) => `spot-${side}-${field}`;
  const percentUsable = canUsePercent(root.session.isLogin, available);
  // a new price keeps the slider's percentage true (a limit or stop buy's amount follows the price)
  const withPrice = (previous: OrderDraft, price: string) => repriceDraft(previous, price, { side, type, available, percent, market, quoteScale });

  // A new market starts an empty form at its last price.
  useEffect(() => {
    setDraft(emptyDraft(store.lastPrice ? presetPrice(store.lastPrice, market, quoteScale) : ''));
    setErrors({});
    setPercent(0);
  }, [market.path_name]);
  // The first known price fills an empty price field once (the last price arrives after the form).
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !store.lastPrice) return;
    seeded.current = true;
    setDraft((previous) => (previous.price ? previous : withPrice(previous, presetPrice(store.lastPrice!, market, quoteScale))));
  }, [store.lastPrice]);
  // A price picked in the book or the trades fills the price field.
  useEffect(() => {
    if (store.picked) setDraft((previous) => withPrice(previous, presetPrice(store.picked!.price, market, quoteScale)));
  }, [store.picked?.at]);

  const change = (field: DraftField, raw: string) => {
    const value = cleanInput(field, raw, market, quoteScale);
    setDraft((previous) => (field === 'price' ? withPrice(previous, value) : { ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
    if (field === 'num' || field === 'money') setPercent(0);
  };

  const applyPercent = (value: number) => {
    if (!percentUsable) return; // the slider is disabled, but its keys still move it
    setPercent(value);
    const amount = amountForPercent({ side, type, price: draft.price, available, percent: value, market, quoteScale });
    if (amount) setDraft((previous) => ({ ...previous, ...amount }));
    else setErrors((previous) => ({ ...previous, price: t('errPriceFirst') }));
  };

  const submit = () => {
    if (market.halted) return; // the panel says so; the button is disabled
    const missing = requiredFields(side, type, draft).flatMap((field) => {
      const key = missingValue(draft[field]);
      return key ? [[field, t(key)] as const] : [];
    });
    if (missing.length > 0) {
      setErrors(Object.fromEntries(missing));
      return;
    }
    // what the server would refuse, under the field it would name; signed out, the balance is not known
    const band = bandRefusal(side, type, draft, market, store.lastPrice);
    const amount = amountRefusal(side, type, draft, market, quoteScale, root.session.isLogin ? available : null);
    if (band || amount) {
      setErrors({ ...(band && { price: t(band.key, band.params) }), ...(amount && { [amount.field]: t(amount.key, amount.params) }) });
      return;
    }
    const far = farFromLast(side, type, draft, store.lastPrice);
    if (far === null) {
      void send();
      return;
    }
    Modal.confirm({
      title: t('farPriceTitle'),
      content: t(side === 'buy' ? 'farPriceBuy' : 'farPriceSell', {
        price: formatFixed(draft.price, market.base_coin_scale),
        last: formatFixed(store.lastPrice, market.base_coin_scale),
        percent: formatWithSeparators(far),
      }),
      okText: t('farPricePlace'),
      cancelText: t('farPriceBack'),
      // the dialog's own button names are fixed English words
      okButtonProps: { type: 'danger', 'aria-label': t('farPricePlace') },
      cancelButtonProps: { 'aria-label': t('farPriceBack') },
      onOk: () => void send(),
    });
  };

  const send = async () => {
    setBusy(true);
    try {
      const order = await store.place(side, type, draft);
      const toast = placedToast(order, { ...orderMarket(store.markets, order.symbol), coin: market.coin_symbol });
      const text = t(toast.key, { ...toast.values, reason: toast.values?.reason && t(toast.values.reason) });
      if (toast.level === 'success') Toast.success(text);
      else Toast.warning(text);
      setDraft(afterPlaced);
      setPercent(0);
      setErrors({});
    } catch (error) {
      const message = isUnreachable(error) ? t('placeUnreachable') : isHttpError(error) && error.msg ? error.msg : root.t('errors.unknown');
      // a field this form does not show gets its message as a toast, never silently
      const field = isHttpError(error) ? requiredFields(side, type, draft).find((name) => name === error.field) : undefined;
      if (field) setErrors({ [field]: message });
      else Toast.error(message);
    } finally {
      setBusy(false);
    }
  };

  const priceInput = (field: 'price' | 'triggerMoney' | 'fullPrice' | 'lossPrice', label: string) => (
    <FormField id={id(field)} label={label} error={errors[field]}>
      <Input id={id(field)} size="small" inputMode="decimal" value={draft[field]} onChange={(value) => change(field, value)} suffix={market.quote_symbol} />
    </FormField>
  );
  const total = orderTotal(draft.price, draft.num, quoteScale);
  const quoteAmount = spendsQuote(side, type);

  return (
    <form
      className={`spot-form spot-form--${side}`}
      data-testid={`spot-form-${side}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="spot-form__available">
        <span className="spot-muted">{t('available')}</span>
        <span data-testid={`spot-available-${side}`}>
          {!root.session.isLogin
            ? INVALID_NUMBER_DISPLAY
            : side === 'buy'
              ? formatQuote(available, market, quoteScale)
              : formatFixed(available, market.coin_coin_scale)}{' '}
          {spendCurrency}
        </span>
      </div>
      {type === 'stop' && priceInput('triggerMoney', t('triggerPrice'))}
      {type === 'market' ? (
        <FormField id={id('price')} label={t('price')}>
          <Input id={id('price')} size="small" disabled value={t('marketPrice')} />
        </FormField>
      ) : (
        priceInput('price', t('price'))
      )}
      <FormField id={id(quoteAmount ? 'money' : 'num')} label={quoteAmount ? t('quoteAmount') : t('amount')} error={errors[quoteAmount ? 'money' : 'num']}>
        <Input
          id={id(quoteAmount ? 'money' : 'num')}
          size="small"
          inputMode="decimal"
          value={quoteAmount ? draft.money : draft.num}
          onChange={(value) => change(quoteAmount ? 'money' : 'num', value)}
          suffix={quoteAmount ? market.quote_symbol : market.coin_symbol}
        />
      </FormField>
      <div className="spot-form__percent" data-testid={`spot-percent-${side}`}>
        <Slider
          value={percent}
          step={1}
          disabled={!percentUsable}
          marks={Object.fromEntries(PERCENT_MARKS.map((mark) => [mark, `${mark}%`]))}
          tipFormatter={(value) => `${value}%`}
          onChange={(value) => applyPercent(Number(value))}
          aria-label={t('percentOfAvailable')}
        />
      </div>
      {takesExits(type) && (
        <>
          <div className="spot-form__exits">
            <Checkbox checked={draft.fullCheck} onChange={(event) => setDraft((previous) => ({ ...previous, fullCheck: Boolean(event.target.checked) }))}>
              {t('takeProfit')}
            </Checkbox>
            <Checkbox checked={draft.lossCheck} onChange={(event) => setDraft((previous) => ({ ...previous, lossCheck: Boolean(event.target.checked) }))}>
              {t('stopLoss')}
            </Checkbox>
          </div>
          {draft.fullCheck && priceInput('fullPrice', t('takeProfitPrice'))}
          {draft.lossCheck && priceInput('lossPrice', t('stopLossPrice'))}
        </>
      )}
      {!quoteAmount && (
        <div className="spot-form__total">
          <span className="spot-muted">{t('total')}</span>
          <span data-testid={`spot-total-${side}`}>{type === 'market' || total === null ? '--' : `${formatQuote(total, market, quoteScale)} ${market.quote_symbol}`}</span>
        </div>
      )}
      {root.session.isLogin ? (
        <Button htmlType="submit" block theme="solid" className={`spot-submit spot-submit--${side}`} loading={busy} disabled={market.halted}>
          {t(side === 'buy' ? 'buyCoin' : 'sellCoin', { coin: market.coin_symbol })}
        </Button>
      ) : (
        <div className="spot-form__guest">
          <Link href={root.loginHref()} className="spot-form__login">
            {t('logIn')}
          </Link>
          <span className="spot-muted">{t('or')}</span>
          <Link href={root.registerHref()} className="spot-form__register">
            {t('register')}
          </Link>
        </div>
      )}
    </form>
  );
});

/** The buy and sell forms under tabs limit / market / stop-limit. */
export const TradePanel = observer(function TradePanel({ store }: { store: ExchangeStore }) {
  const { t } = useTranslation('spot');
  const [type, setType] = useState<OrderType>('limit');
  const market = store.market;
  if (!market) return <section className="spot-panel spot-trade" />;
  return (
    <section className="spot-panel spot-trade" aria-label={t('placeOrder')}>
      {market.halted && (
        <p className="spot-notice" role="status" data-testid="spot-halted-notice">
          {t('haltedNotice', { symbol: market.symbol_name })}
        </p>
      )}
      <div className="spot-tabs" role="tablist">
        {(['limit', 'market', 'stop'] as const).map((name) => (
          <button type="button" role="tab" key={name} aria-selected={name === type} className={name === type ? 'spot-tab spot-tab--active' : 'spot-tab'} onClick={() => setType(name)}>
            {t(`type_${name}`)}
          </button>
        ))}
      </div>
      <div className="spot-trade__forms">
        <OrderForm key={`buy-${type}`} store={store} market={market} side="buy" type={type} />
        <OrderForm key={`sell-${type}`} store={store} market={market} side="sell" type={type} />
      </div>
    </section>
  );
});
