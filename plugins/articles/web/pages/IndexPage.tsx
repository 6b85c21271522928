import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Breadcrumb } from '../components/Breadcrumb';
import { LoadState } from '../components/LoadState';
import { indexTrail } from '../crumbs';
import { ARTICLES_CATEGORY_ROUTE, ARTICLES_SECTION_ROUTE } from '../ids';
import { useArticles } from '../use-articles';
import { useLoaded } from '../use-loaded';
import '../articles.css';

/** /article/main/index: the help centre's categories with their sections. */
const IndexPage = observer(function IndexPage() {
  const { root, api, language } = useArticles();
  const { t } = useTranslation('articles');
  const state = useLoaded(language, api.categories);
  return (
    <div className="art-page">
      <Breadcrumb items={indexTrail(root)} />
      <header className="art-head">
        <h1 className="art-title">{t('helpCenter')}</h1>
        <p className="art-intro">{t('indexIntro')}</p>
      </header>
      {state.status !== 'ready' ? (
        <LoadState state={state} />
      ) : state.data.length === 0 ? (
        <p className="art-empty">{t('emptyIndex')}</p>
      ) : (
        <div className="art-grid">
          {state.data.map((category) => (
            <section key={category.id} className="art-card" data-category={category.id}>
              <h2 className="art-card__title">
                <Link href={root.href(ARTICLES_CATEGORY_ROUTE, { id: String(category.id) })}>{category.title}</Link>
              </h2>
              {category.sections.length === 0 ? (
                <p className="art-empty">{t('emptyCategory')}</p>
              ) : (
                <ul className="art-sections">
                  {category.sections.map((section) => (
                    <li key={section.id}>
                      <Link href={root.href(ARTICLES_SECTION_ROUTE, { id: String(section.id) })}>{section.title}</Link>
                      <span className="art-count" aria-label={t('articleCount', { count: section.articleCount })}>
                        {section.articleCount}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </div>
  );
});

export default IndexPage;
