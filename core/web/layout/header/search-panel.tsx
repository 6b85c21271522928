import { Spin } from '@douyinfe/semi-ui-19';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_LOADING_MS, compareDecimal, formatNumberDisplay, isDecimalString } from '../../../shared';
import { formatPercentChange } from '../../format/fiat';
import { useRoot } from '../../store/root-context';
import { searchView, type SearchRow, type SearchTab } from '../../store/search-store';

function changeClass(zdf: string | undefined): string {
  if (!zdf || !isDecimalString(zdf, { allowNegative: true })) return '';
  const sign = compareDecimal(zdf, '0');
  return sign > 0 ? 'bourse-up' : sign < 0 ? 'bourse-down' : '';
}

function ResultRow({ row, onPick }: { row: SearchRow; onPick: (row: SearchRow) => void }) {
  const { t } = useTranslation();
  const { item } = row;
  return (
    <li>
      <button type="button" className="bourse-search__row" onClick={() => onPick(row)}>
        {item.icon ? <img src={item.icon} alt="" width={20} height={20} /> : <span className="bourse-search__icon" />}
        <span className="bourse-search__symbol">{item.symbol}</span>
        {item.close !== undefined && <span className="bourse-search__close">{formatNumberDisplay(item.close)}</span>}
        {item.halted ? (
          <span className="bourse-search__zdf bourse-search__halted">{t('search.halted')}</span>
        ) : (
          item.zdf !== undefined && <span className={`bourse-search__zdf ${changeClass(item.zdf)}`}>{formatPercentChange(item.zdf)}</span>
        )}
      </button>
    </li>
  );
}

/**
 * The search dropdown: tabs of the plugins' search providers, a 500 ms loading state on open, the hot
 * list without text, matches with text, and an empty message with suggestions when nothing matches.
 */
export default function SearchPanel({ text, onPicked }: { text: string; onPicked: () => void }) {
  const root = useRoot();
  const { t } = useTranslation();
  const tabs = root.search.tabs;
  const [tab, setTab] = useState<SearchTab>(tabs[0]!);
  const [minimumShown, setMinimumShown] = useState(false);
  const [rows, setRows] = useState<SearchRow[] | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setMinimumShown(true), SEARCH_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    let current = true;
    setRows(null);
    root.search.load(tab).then((loaded) => {
      if (current) setRows(loaded);
    });
    return () => {
      current = false;
    };
  }, [root, tab]);

  const pick = (row: SearchRow) => {
    onPicked();
    row.provider.open(row.item, root);
  };
  const loading = !minimumShown || rows === null;
  const view = rows ? searchView(rows, text) : null;

  return (
    <div className="bourse-search__panel" role="dialog" aria-label={t('search.placeholder')}>
      <div className="bourse-search__tabs" role="tablist">
        {tabs.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={name === tab} className="bourse-search__tab" onClick={() => setTab(name)}>
            {t(`search.${name}`)}
          </button>
        ))}
      </div>
      {loading || !view ? (
        <div className="bourse-search__loading" role="status">
          <Spin />
        </div>
      ) : view.kind === 'empty' ? (
        <div className="bourse-search__body">
          <p className="bourse-search__empty">{t('search.empty')}</p>
          <h5 className="bourse-search__heading">{t('search.suggestions')}</h5>
          <ul className="bourse-search__list" data-list="suggestions">
            {view.suggestions.map((row, index) => (
              <ResultRow key={`${row.item.symbol}:${index}`} row={row} onPick={pick} />
            ))}
          </ul>
        </div>
      ) : (
        <div className="bourse-search__body">
          <h5 className="bourse-search__heading">{t(view.kind === 'hot' ? 'search.hot' : 'search.results')}</h5>
          <ul className="bourse-search__list" data-list={view.kind}>
            {view.rows.map((row, index) => (
              <ResultRow key={`${row.item.symbol}:${index}`} row={row} onPick={pick} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
