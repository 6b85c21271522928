import type { HttpClient } from '../../../core/plugin-api';
import type { Language, Page } from '../../../core/shared';
import { CONSOLE_PAGE_SIZE } from '../../console-core/shared/kit';
import {
  ARTICLE_PATHS,
  type ArticleListFilter,
  type ArticleMetaInput,
  type ArticleTextInput,
  type CategoryInput,
  type ConsoleArticle,
  type ConsoleArticleRow,
  type ConsoleCategory,
} from '../../articles/shared/types';

export type { ArticleListFilter };

/** The console's calls, made with the operator's client (OperatorConsole.http). */
export function articlesConsoleApi(http: HttpClient) {
  return {
    categories: () => http.get<ConsoleCategory[]>(ARTICLE_PATHS.consoleCategories),
    createCategory: (input: CategoryInput) => http.post<ConsoleCategory>(ARTICLE_PATHS.consoleCategories, input),
    updateCategory: (id: number, input: CategoryInput) => http.post<ConsoleCategory>(ARTICLE_PATHS.consoleCategory(id), input),
    deleteCategory: (id: number) => http.post<null>(`${ARTICLE_PATHS.consoleCategory(id)}/delete`, {}),

    articles: (filter: ArticleListFilter, page: number) =>
      http.get<Page<ConsoleArticleRow>>(ARTICLE_PATHS.consoleArticles, { query: { ...filter, page, size: CONSOLE_PAGE_SIZE } }),
    article: (id: number) => http.get<ConsoleArticle>(ARTICLE_PATHS.consoleArticle(id)),
    createArticle: (meta: ArticleMetaInput, language: Language, text: ArticleTextInput) =>
      http.post<ConsoleArticle>(ARTICLE_PATHS.consoleArticles, { ...meta, language, ...text }),
    updateArticle: (id: number, meta: ArticleMetaInput) => http.post<ConsoleArticle>(ARTICLE_PATHS.consoleArticle(id), meta),
    deleteArticle: (id: number) => http.post<null>(`${ARTICLE_PATHS.consoleArticle(id)}/delete`, {}),
    saveText: (id: number, language: Language, text: ArticleTextInput) => http.post<ConsoleArticle>(ARTICLE_PATHS.consoleText(id, language), text),
    setPublished: (id: number, language: Language, published: boolean) =>
      http.post<ConsoleArticle>(`${ARTICLE_PATHS.consoleText(id, language)}/${published ? 'publish' : 'unpublish'}`, {}),
    /** The body as it would be stored: sanitised by the server, nothing saved. */
    preview: (body: string) => http.post<{ body: string }>(ARTICLE_PATHS.consolePreview, { body }, { silent: true }),
    /** An image for an article body; the answer's link is the public address of the file. */
    uploadImage: (file: File) => {
      const form = new FormData();
      form.append('type', 'article');
      form.append('file', file);
      return http.upload<{ link: string; id: string }>('/cgform-api/upload/file', form);
    },
  };
}

export type ArticlesConsoleApi = ReturnType<typeof articlesConsoleApi>;
