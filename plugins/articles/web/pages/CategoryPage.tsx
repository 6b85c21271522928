import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { ArticleList } from '../components/ArticleList';
import { Breadcrumb } from '../components/Breadcrumb';
import { HelpPage } from '../components/HelpPage';
import { helpTrail } from '../crumbs';
import { ARTICLES_SECTION_ROUTE } from '../ids';
import '../articles.css';

/** /article/main/categories/{id}: a category's sections, each with its articles. */
const CategoryPage = observer(function CategoryPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation('articles');
  const id = params.id ?? '';
  return (
    <HelpPage loadKey={id} load={(api) => api.category(id)}>
      {(category, root) => (
        <>
          <Breadcrumb items={helpTrail(root, {}, category.title)} />
          <h1 className="art-title">{category.title}</h1>
          {category.sections.length === 0 && <p className="art-empty">{t('emptyCategory')}</p>}
          {category.sections.map((section) => (
            <section key={section.id} className="art-block">
              <h2 className="art-block__title">
                <Link href={root.href(ARTICLES_SECTION_ROUTE, { id: String(section.id) })}>{section.title}</Link>
              </h2>
              <ArticleList articles={section.articles} empty={t('emptySection')} />
            </section>
          ))}
        </>
      )}
    </HelpPage>
  );
});

export default CategoryPage;
