import { observer } from 'mobx-react-lite';
import { ArticleView } from '../components/ArticleView';
import { Breadcrumb } from '../components/Breadcrumb';
import { LoadState } from '../components/LoadState';
import { contentQueryOf } from '../articles-api';
import { helpTrail } from '../crumbs';
import { useArticles, useReturnToIndexOnLanguageChange } from '../use-articles';
import { useLoaded } from '../use-loaded';
import '../articles.css';

/** /article/main/content/{type}/{id}: one article by id or by code, with the breadcrumb of its section. */
const ContentPage = observer(function ContentPage({ params }: { params: Record<string, string> }) {
  const { root, api, language } = useArticles();
  useReturnToIndexOnLanguageChange();
  const query = contentQueryOf(params);
  const state = useLoaded(`${JSON.stringify(query)}:${language}`, () => api.content(query));
  if (state.status !== 'ready') {
    return (
      <div className="art-page">
        <Breadcrumb items={helpTrail(root, {})} />
        <LoadState state={state} />
      </div>
    );
  }
  const article = state.data;
  return (
    <div className="art-page">
      <Breadcrumb items={helpTrail(root, article, article.title)} />
      <ArticleView article={article} />
    </div>
  );
});

export default ContentPage;
