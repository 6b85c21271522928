import { useTranslation } from 'react-i18next';
import { useRoot } from '../../../../core/web';
import type { PublicArticle } from '../../shared/types';
import { ArticleBody } from './ArticleBody';
import { formatDate } from './format-date';

/** An article's title, date, a note when it is shown in the site's default language, and its body. */
export function ArticleView({ article }: { article: PublicArticle }) {
  const root = useRoot();
  const { t } = useTranslation('articles');
  return (
    <article className="art-article" lang={article.language}>
      <header className="art-head">
        <h1 className="art-title">{article.title}</h1>
        {article.publishedAt && <p className="art-meta">{t('publishedOn', { date: formatDate(article.publishedAt, root.settings.language) })}</p>}
        {article.language !== root.settings.language && (
          <p className="art-note" role="note">
            {t('fallbackNotice')}
          </p>
        )}
      </header>
      <ArticleBody html={article.body} />
    </article>
  );
}
