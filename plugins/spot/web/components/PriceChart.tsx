import { observer } from 'mobx-react-lite';
import { reaction } from 'mobx';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import { KLINE_PERIODS, type CandleView } from '../../shared/types';
import { candleScale, chartPriceFormat, showsTimeOfDay } from '../chart-scale';
import type { ExchangeStore } from '../exchange-store';
import { chartTime, formatFixed, type ChartTick } from '../format';

type Charts = typeof import('lightweight-charts');
type Chart = import('lightweight-charts').IChartApi;
type Series<T extends 'Candlestick' | 'Histogram'> = import('lightweight-charts').ISeriesApi<T>;
type Time = import('lightweight-charts').Time;

/** The chart's times are the UTC seconds it was given (candlePoint). */
const secondsOf = (time: Time) => (typeof time === 'number' ? time : 0);

/** The time axis and the crosshair's label in local time, or as dates for candles of a day or longer. */
const timeOptions = (daily: boolean) => ({
  localization: { timeFormatter: (time: Time) => chartTime(secondsOf(time), daily) },
  timeScale: { timeVisible: !daily, tickMarkFormatter: (time: Time, tick: number) => chartTime(secondsOf(time), daily, tick as ChartTick) },
});

/** The CSS colour a `var(--…)` value resolves to here (the chart draws on a canvas, which cannot read variables). */
function resolveColor(host: HTMLElement, value: string): string {
  const probe = document.createElement('span');
  probe.style.color = value;
  probe.style.display = 'none';
  host.append(probe);
  const color = getComputedStyle(probe).color;
  probe.remove();
  return color;
}

/** An `rgb(r, g, b)` colour made translucent; any other form is returned as it is. */
function withAlpha(color: string, alpha: number): string {
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(color);
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : color;
}

/** Volume bars are paler than the candles, so that a bar under a candle does not read as its continuation. */
const VOLUME_ALPHA = 0.4;

function palette(host: HTMLElement) {
  const up = resolveColor(host, 'var(--bourse-up, var(--semi-color-success))');
  const down = resolveColor(host, 'var(--bourse-down, var(--semi-color-danger))');
  return {
    text: resolveColor(host, 'var(--semi-color-text-2)'),
    grid: resolveColor(host, 'var(--semi-color-border)'),
    up,
    down,
    volumeUp: withAlpha(up, VOLUME_ALPHA),
    volumeDown: withAlpha(down, VOLUME_ALPHA),
  };
}

/** Chart points: seconds since the epoch; the canvas needs numbers (display only, never used as money). */
const candlePoint = (candle: CandleView) => ({
  time: (candle.time / 1000) as import('lightweight-charts').UTCTimestamp,
  open: Number(candle.open),
  high: Number(candle.high),
  low: Number(candle.low),
  close: Number(candle.close),
});
const volumePoint = (candle: CandleView, colors: { volumeUp: string; volumeDown: string }) => ({
  time: (candle.time / 1000) as import('lightweight-charts').UTCTimestamp,
  value: Number(candle.volume),
  color: Number(candle.close) >= Number(candle.open) ? colors.volumeUp : colors.volumeDown,
});

/** Empty bars right of the latest candle: it stands clear of the price axis and its time label is not cut off. */
const CHART_RIGHT_BARS = 4;
/** The price axis leaves out a label the canvas edge would cut (the library draws every one by default). */
const PRICE_AXIS = { borderVisible: false, entireTextOnly: true };

/** Candlesticks with volume; lightweight-charts is loaded only when this chart mounts. */
export const PriceChart = observer(function PriceChart({ store }: { store: ExchangeStore }) {
  const root = useRoot();
  const { t } = useTranslation('spot');
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: Chart | null = null;
    let disposed = false;
    const stops: (() => void)[] = [];
    import('lightweight-charts')
      .then((charts: Charts) => {
        if (disposed) return;
        const colors = () => palette(element);
        const layoutOf = (c: ReturnType<typeof palette>) => ({
          layout: { background: { type: charts.ColorType.Solid, color: 'transparent' }, textColor: c.text, attributionLogo: true },
          grid: { vertLines: { color: c.grid }, horzLines: { color: c.grid } },
        });
        let current = colors();
        chart = charts.createChart(element, { autoSize: true, ...layoutOf(current), timeScale: { borderVisible: false, secondsVisible: false, rightOffset: CHART_RIGHT_BARS }, rightPriceScale: PRICE_AXIS });
        const candles: Series<'Candlestick'> = chart.addSeries(charts.CandlestickSeries, {
          upColor: current.up,
          downColor: current.down,
          wickUpColor: current.up,
          wickDownColor: current.down,
          borderVisible: false,
          autoscaleInfoProvider: (original: () => ReturnType<typeof candleScale>) => candleScale(original()),
        });
        const volume: Series<'Histogram'> = chart.addSeries(charts.HistogramSeries, {
          priceScaleId: 'volume',
          priceFormat: { type: 'volume' },
          lastValueVisible: false,
          priceLineVisible: false,
        });
        chart.priceScale('volume').applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
        candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
        const fill = (history: CandleView[]) => {
          candles.setData(history.map(candlePoint));
          volume.setData(history.map((candle) => volumePoint(candle, current)));
          const latest = store.latest;
          if (latest && latest.time >= (history[history.length - 1]?.time ?? 0)) {
            candles.update(candlePoint(latest));
            volume.update(volumePoint(latest, current));
          }
        };
        stops.push(
          // the price axis and labels in the market's price decimals (the library's default is two), grouped by thousands
          reaction(
            () => store.market?.base_coin_scale ?? 8,
            (decimals) => candles.applyOptions({ priceFormat: chartPriceFormat(decimals) }),
            { fireImmediately: true },
          ),
          reaction(
            () => store.period,
            (period) => chart?.applyOptions(timeOptions(!showsTimeOfDay(period))),
            { fireImmediately: true },
          ),
          reaction(() => store.candles, fill, { fireImmediately: true }),
          reaction(
            () => store.latest,
            (latest) => {
              if (!latest) return;
              candles.update(candlePoint(latest));
              volume.update(volumePoint(latest, current));
            },
            { fireImmediately: true },
          ),
          reaction(
            () => root.settings.theme,
            () =>
              // the theme class changes on the document first; read the colours after it
              requestAnimationFrame(() => {
                current = colors();
                chart?.applyOptions(layoutOf(current));
                candles.applyOptions({ upColor: current.up, downColor: current.down, wickUpColor: current.up, wickDownColor: current.down });
                fill(store.candles);
              }),
          ),
        );
      })
      .catch(() => setFailed(true));
    return () => {
      disposed = true;
      for (const stop of stops) stop();
      chart?.remove();
    };
  }, [store, root]);

  const market = store.market;
  const latest = store.latest ?? store.candles[store.candles.length - 1] ?? null;
  const scale = market?.base_coin_scale ?? 8;
  return (
    <section className="spot-panel spot-chart" aria-label={t('chart')}>
      <header className="spot-panel__head spot-chart__head">
        <div className="spot-chart__periods" role="group" aria-label={t('period')}>
          {KLINE_PERIODS.map((period) => (
            <button
              type="button"
              key={period}
              className={period === store.period ? 'spot-chip spot-chip--active' : 'spot-chip'}
              aria-pressed={period === store.period}
              onClick={() => store.setPeriod(period)}
            >
              {t(`period_${period}`)}
            </button>
          ))}
        </div>
        {latest && (
          <div className="spot-chart__legend" data-testid="spot-candle" data-time={latest.time} data-close={latest.close} data-volume={latest.volume}>
            <span>O {formatFixed(latest.open, scale)}</span>
            <span>H {formatFixed(latest.high, scale)}</span>
            <span>L {formatFixed(latest.low, scale)}</span>
            <span>C {formatFixed(latest.close, scale)}</span>
            <span>
              {t('colVolume')} {formatFixed(latest.volume, market?.coin_coin_scale ?? 8)}
            </span>
          </div>
        )}
      </header>
      <div className="spot-chart__canvas" ref={host} data-testid="spot-chart">
        {failed && <p className="spot-empty">{t('chartFailed')}</p>}
        {!failed && !latest && <p className="spot-empty spot-chart__empty">{t('noTrades')}</p>}
      </div>
      <a className="spot-chart__credit" href="https://www.tradingview.com/" target="_blank" rel="noopener noreferrer">
        {t('chartCredit')}
      </a>
    </section>
  );
});
