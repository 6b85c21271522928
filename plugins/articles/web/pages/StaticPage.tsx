import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ArticleView } from '../components/ArticleView';
import { Breadcrumb } from '../components/Breadcrumb';
import { LoadState } from '../components/LoadState';
import { pageTrail } from '../crumbs';
import { STATIC_PAGES } from '../ids';
import { useArticles } from '../use-articles';
import { useLoaded } from '../use-loaded';
import '../articles.css';

/**
 * /service, /trading-rules, /aboutus, /test/index: the published "page" article whose code is the page name,
 * in the user's language; a friendly note while the operator has published none.
 */
const StaticPage = observer(function StaticPage() {
  const { root, api, language } = useArticles();
  const { t } = useTranslation('articles');
  const [path] = useLocation();
  const page = STATIC_PAGES.find((candidate) => candidate.path === path) ?? STATIC_PAGES[0];
  const state = useLoaded(`${page.code}:${language}`, () => api.content({ code: page.code, type: 'page' }));
  const title = state.status === 'ready' ? state.data.title : t(page.titleKey);
  return (
    <div className="art-page" data-page={page.code}>
      <Breadcrumb items={pageTrail(root, title)} />
      {state.status === 'ready' ? (
        <ArticleView article={state.data} />
      ) : (
        <LoadState state={state} missingTitle={t(page.titleKey)} missingText={t('pageEmpty')} />
      )}
    </div>
  );
});

export default StaticPage;
