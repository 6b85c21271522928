import { observer } from 'mobx-react-lite';
import { contentQueryOf } from '../articles-api';
import { ArticleView } from '../components/ArticleView';
import { Breadcrumb } from '../components/Breadcrumb';
import { HelpPage } from '../components/HelpPage';
import { helpTrail } from '../crumbs';
import '../articles.css';

/** /article/main/content/{type}/{id}: one article by id or by code, with the breadcrumb of its section. */
const ContentPage = observer(function ContentPage({ params }: { params: Record<string, string> }) {
  const query = contentQueryOf(params);
  return (
    <HelpPage loadKey={JSON.stringify(query)} load={(api) => api.content(query)}>
      {(article, root) => (
        <>
          <Breadcrumb items={helpTrail(root, article, article.title)} />
          <ArticleView article={article} />
        </>
      )}
    </HelpPage>
  );
});

export default ContentPage;
