import type { HttpClient } from '../../../core/plugin-api';
import { ARTICLE_PATHS, ARTICLE_TYPES, type ArticleType, type PublicArticle, type PublicCategory, type PublicCategoryDetail, type PublicSection } from '../shared/types';

/** The public reads of the help centre; errors are shown by the pages, not as toasts. */
export function articlesApi(http: HttpClient) {
  return {
    categories: () => http.get<PublicCategory[]>(ARTICLE_PATHS.categories, { silent: true }),
    category: (id: string) => http.get<PublicCategoryDetail>(ARTICLE_PATHS.category(encodeURIComponent(id)), { silent: true }),
    section: (id: string) => http.get<PublicSection>(ARTICLE_PATHS.section(encodeURIComponent(id)), { silent: true }),
    content: (query: ContentQuery) => http.get<PublicArticle>(ARTICLE_PATHS.content, { query: { ...query }, silent: true }),
  };
}

export type ContentQuery = { id: number; type?: ArticleType } | { code: string; type?: ArticleType };

/**
 * The article a content route names: /article/main/content/{type}/{id} with a numeric id or a code. A type that is
 * not an article type (the footer's article links use "1") looks the code up in every type.
 */
export function contentQueryOf(params: { type?: string; id?: string }): ContentQuery {
  const type = (ARTICLE_TYPES as readonly string[]).includes(params.type ?? '') ? (params.type as ArticleType) : undefined;
  const id = params.id ?? '';
  const typed = type ? { type } : {};
  return /^\d+$/.test(id) ? { id: Number(id), ...typed } : { code: id, ...typed };
}
