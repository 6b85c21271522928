import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ArticleList } from '../components/ArticleList';
import { Breadcrumb } from '../components/Breadcrumb';
import { HelpPage } from '../components/HelpPage';
import { helpTrail } from '../crumbs';
import '../articles.css';

/** /article/main/sections/{id}: the published articles of a section. */
const SectionPage = observer(function SectionPage({ params }: { params: Record<string, string> }) {
  const { t } = useTranslation('articles');
  const id = params.id ?? '';
  return (
    <HelpPage loadKey={id} load={(api) => api.section(id)}>
      {(section, root) => (
        <>
          <Breadcrumb items={helpTrail(root, { category: section.category }, section.title)} />
          <h1 className="art-title">{section.title}</h1>
          <ArticleList articles={section.articles} empty={t('emptySection')} />
        </>
      )}
    </HelpPage>
  );
});

export default SectionPage;
