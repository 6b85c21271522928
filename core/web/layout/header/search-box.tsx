import { IconSearch } from '@douyinfe/semi-icons';
import { Input } from '@douyinfe/semi-ui-19';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoot } from '../../store/root-context';

const SearchPanel = lazy(() => import('./search-panel'));

/** The header search (spec §2); its panel loads on first open. */
export function SearchBox() {
  const root = useRoot();
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (wrapper.current && !wrapper.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (root.search.tabs.length === 0) return null;
  return (
    <div className="bourse-search" ref={wrapper}>
      <Input
        className="bourse-search__input"
        prefix={<IconSearch />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        value={text}
        onChange={(value) => setText(value)}
        onFocus={() => setOpen(true)}
        showClear
      />
      {open && (
        <Suspense fallback={<div className="bourse-search__panel bourse-search__panel--loading" />}>
          <SearchPanel text={text} onPicked={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
