import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { useRoot } from '../../../../core/web';
import type { ArticleSummary } from '../../shared/types';
import { ARTICLES_CONTENT_ROUTE } from '../ids';
import { formatDate } from './format-date';

/** Article titles with their summaries, each opening the article. */
export function ArticleList({ articles, empty }: { articles: ArticleSummary[]; empty: string }) {
  const root = useRoot();
  const { t } = useTranslation('articles');
  if (articles.length === 0) return <p className="art-empty">{empty}</p>;
  return (
    <ul className="art-list">
      {articles.map((article) => (
        <li key={article.id}>
          <Link href={root.href(ARTICLES_CONTENT_ROUTE, { type: article.type, id: String(article.id) })} className="art-list__link">
            <span className="art-list__title">
              {article.type === 'notice' && <span className="art-tag">{t('notice')}</span>}
              {article.title}
            </span>
            {article.summary && <span className="art-list__summary">{article.summary}</span>}
            {article.publishedAt && <span className="art-list__date">{formatDate(article.publishedAt, root.settings.language)}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
