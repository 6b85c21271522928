import { ApiError, notFoundError, type ServerRegistrar } from '../../../core/server';
import type { Language } from '../../../core/shared';
import { contentQuery, idParams, noQuery } from '../shared/schemas';
import {
  ARTICLE_PATHS,
  pickText,
  type ArticleSummary,
  type ArticleType,
  type ConsoleCategory,
  type Crumb,
  type PublicArticle,
  type PublicCategory,
  type PublicCategoryDetail,
  type PublicSection,
} from '../shared/types';
import type { ArticleStore, PublishedSummary } from './store';

/** One summary per article, in the order given: the text of `language` when published, else the fallback's. */
export function preferredSummaries(rows: PublishedSummary[], language: Language): Array<ArticleSummary & { language: Language; sectionId: number | null }> {
  const chosen = new Map<number, PublishedSummary>();
  for (const row of rows) {
    const current = chosen.get(row.id);
    if (!current || (current.language !== language && row.language === language)) chosen.set(row.id, row);
  }
  return [...chosen.values()].map((row) => ({
    id: row.id,
    type: row.type,
    code: row.code,
    title: row.title,
    summary: row.summary,
    publishedAt: row.published_at,
    language: row.language,
    sectionId: row.section_id,
  }));
}

const summaryOf = ({ language: _language, sectionId: _sectionId, ...summary }: ReturnType<typeof preferredSummaries>[number]): ArticleSummary => summary;

/** GET routes of the help centre, in the request language with the site's default language as the fallback. */
export function registerPublicRoutes(registrar: ServerRegistrar, store: ArticleStore, defaultLanguage: Language): void {
  const languagesOf = (language: Language) => [...new Set([language, defaultLanguage])];
  const crumb = (category: ConsoleCategory, language: Language): Crumb => ({ id: category.id, title: pickText(category.titles, language, defaultLanguage) });

  const summariesBySection = async (sectionIds: number[], language: Language) => {
    const summaries = preferredSummaries(await store.publishedSummaries({ sectionIds }, languagesOf(language)), language);
    return (sectionId: number) => summaries.filter((summary) => summary.sectionId === sectionId).map(summaryOf);
  };

  registrar.route<unknown, unknown, unknown, PublicCategory[]>({
    method: 'GET',
    path: ARTICLE_PATHS.categories,
    auth: 'public',
    schema: { querystring: noQuery },
    async handler(request) {
      const tree = await store.categoryTree();
      const articlesOf = await summariesBySection(tree.flatMap((category) => category.sections!.map((section) => section.id)), request.language);
      return tree.map((category) => ({
        ...crumb(category, request.language),
        sections: category.sections!.map((section) => ({ ...crumb(section, request.language), articleCount: articlesOf(section.id).length })),
      }));
    },
  });

  registrar.route<unknown, unknown, { id: number }, PublicCategoryDetail>({
    method: 'GET',
    path: ARTICLE_PATHS.category('{id}'),
    auth: 'public',
    schema: { params: idParams, querystring: noQuery },
    async handler(request) {
      const category = (await store.categoryTree()).find((candidate) => candidate.id === request.params.id);
      if (!category) throw notFoundError('id');
      const sections = category.sections!;
      const articlesOf = await summariesBySection(sections.map((section) => section.id), request.language);
      return {
        ...crumb(category, request.language),
        sections: sections.map((section) => ({ ...crumb(section, request.language), articles: articlesOf(section.id) })),
      };
    },
  });

  registrar.route<unknown, unknown, { id: number }, PublicSection>({
    method: 'GET',
    path: ARTICLE_PATHS.section('{id}'),
    auth: 'public',
    schema: { params: idParams, querystring: noQuery },
    async handler(request) {
      const section = await store.category(request.params.id);
      if (!section || section.parentId === null) throw notFoundError('id');
      const category = (await store.category(section.parentId))!;
      const articlesOf = await summariesBySection([section.id], request.language);
      return { ...crumb(section, request.language), category: crumb(category, request.language), articles: articlesOf(section.id) };
    },
  });

  registrar.route<{ id?: number; code?: string; type?: ArticleType }, unknown, unknown, PublicArticle>({
    method: 'GET',
    path: ARTICLE_PATHS.content,
    auth: 'public',
    schema: { querystring: contentQuery },
    async handler(request) {
      const { id, code, type } = request.query;
      if (id === undefined && code === undefined) throw ApiError.fieldRequired('id');
      const where = id !== undefined ? { ids: [id], type } : { code, type };
      const [article] = preferredSummaries(await store.publishedSummaries(where, languagesOf(request.language)), request.language);
      if (!article) throw notFoundError(id !== undefined ? 'id' : 'code');
      const text = await store.publishedBody(article.id, article.language);
      // unpublished between the two reads
      if (!text) throw notFoundError(id !== undefined ? 'id' : 'code');
      const section = article.sectionId === null ? undefined : await store.category(article.sectionId);
      const category = section?.parentId ? await store.category(section.parentId) : undefined;
      return {
        ...summaryOf(article),
        language: article.language,
        body: text.body,
        updatedAt: text.updated_at,
        section: section ? crumb(section, request.language) : null,
        category: category ? crumb(category, request.language) : null,
      };
    },
  });
}
