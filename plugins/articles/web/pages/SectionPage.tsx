import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ArticleList } from '../components/ArticleList';
import { Breadcrumb } from '../components/Breadcrumb';
import { LoadState } from '../components/LoadState';
import { helpTrail } from '../crumbs';
import { useArticles, useReturnToIndexOnLanguageChange } from '../use-articles';
import { useLoaded } from '../use-loaded';
import '../articles.css';

/** /article/main/sections/{id}: the published articles of a section. */
const SectionPage = observer(function SectionPage({ params }: { params: Record<string, string> }) {
  const { root, api, language } = useArticles();
  const { t } = useTranslation('articles');
  useReturnToIndexOnLanguageChange();
  const id = params.id ?? '';
  const state = useLoaded(`${id}:${language}`, () => api.section(id));
  if (state.status !== 'ready') {
    return (
      <div className="art-page">
        <Breadcrumb items={helpTrail(root, {})} />
        <LoadState state={state} />
      </div>
    );
  }
  const section = state.data;
  return (
    <div className="art-page">
      <Breadcrumb items={helpTrail(root, { category: section.category }, section.title)} />
      <h1 className="art-title">{section.title}</h1>
      <ArticleList articles={section.articles} empty={t('emptySection')} />
    </div>
  );
});

export default SectionPage;
