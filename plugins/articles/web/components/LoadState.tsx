import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageSpinner, useRoot } from '../../../../core/web';
import { ARTICLES_INDEX_ROUTE } from '../ids';
import type { Loaded } from '../use-loaded';

/** What a page shows until its data is there: a spinner, "not found" with a way back, or a retry. */
export function LoadState({ state, missingTitle, missingText }: { state: Exclude<Loaded<unknown>, { status: 'ready' }>; missingTitle?: string; missingText?: string }) {
  const root = useRoot();
  const { t } = useTranslation('articles');
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'missing') {
    return (
      <div className="art-state" role="status">
        <h1 className="art-state__title">{missingTitle ?? t('notFoundTitle')}</h1>
        <p>{missingText ?? t('notFoundText')}</p>
        <Link href={root.href(ARTICLES_INDEX_ROUTE)} className="art-button">
          {t('backToHelp')}
        </Link>
      </div>
    );
  }
  return (
    <div className="art-state" role="alert">
      <p>{t('loadFailed')}</p>
      <button type="button" className="art-button" onClick={state.retry}>
        {t('retry')}
      </button>
    </div>
  );
}
