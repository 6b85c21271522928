import { ApiError, ERROR_CODES, notFoundError, pageOf, type ApiRequest, type Page, type RouteDefinition, type ServerRegistrar } from '../../../core/server';
import { LANGUAGES, type Language } from '../../../core/shared';
import {
  articleCreateBody,
  articleListQuery,
  articleMetaBody,
  articleTextBody,
  categoryBody,
  idParams,
  noQuery,
  previewBody,
  textParams,
} from '../shared/schemas';
import {
  ARTICLE_PATHS,
  type ArticleListFilter,
  type ArticleMetaInput,
  type ArticleStatus,
  type ArticleTextInput,
  type CategoryInput,
  type ConsoleArticle,
  type ConsoleArticleRow,
  type ConsoleCategory,
  type Titles,
} from '../shared/types';
import { plainText } from './sanitize';
import type { ArticleStore } from './store';

const PERMISSION = 'articles.edit';

export interface ConsoleRouteDeps {
  store: ArticleStore;
  sanitize(html: string): string;
  defaultLanguage: Language;
}

/** Operator routes (permission articles.edit): categories and sections, articles, texts, publishing, preview. */
export function registerConsoleRoutes(registrar: ServerRegistrar, deps: ConsoleRouteDeps): void {
  const { context } = registrar;
  const { store, sanitize, defaultLanguage } = deps;
  const invalid = (field: string, key: string) => new ApiError(ERROR_CODES.badRequest, `articles:${key}`, { field });

  const audit = (request: ApiRequest, action: string, target: string, before?: unknown, after?: unknown) =>
    context.audit.record({ operatorId: request.principal!.id, action, target, before, after, ip: request.ip });

  const operatorRoute = <Q, B, P, R>(definition: Omit<RouteDefinition<Q, B, P, R>, 'auth' | 'permission'>) =>
    registrar.route<Q, B, P, R>({ ...definition, auth: 'operator', permission: PERMISSION });

  // ---- input checks ------------------------------------------------------------------------------

  const cleanTitles = (titles: Titles): Titles => {
    const cleaned: Titles = {};
    for (const language of LANGUAGES) {
      const text = plainText(titles[language] ?? '');
      if (text) cleaned[language] = text;
    }
    if (!cleaned[defaultLanguage]) throw invalid(`titles.${defaultLanguage}`, 'titleRequired');
    return cleaned;
  };

  const cleanText = (input: ArticleTextInput) => {
    const title = plainText(input.title);
    if (!title) throw invalid('title', 'titleRequired');
    const body = sanitize(input.body);
    if (!body) throw invalid('body', 'bodyRequired');
    return { title, summary: plainText(input.summary ?? ''), body };
  };

  const checkMeta = async (meta: ArticleMetaInput, articleId?: number): Promise<ArticleMetaInput> => {
    if (meta.code) {
      const owner = await store.idOfCode(meta.code);
      if (owner !== undefined && owner !== articleId) throw new ApiError(ERROR_CODES.conflict, 'articles:codeTaken', { field: 'code' });
    }
    if (meta.sectionId) {
      const section = await store.category(meta.sectionId);
      if (!section || section.parentId === null) throw invalid('sectionId', 'sectionUnknown');
    }
    return meta;
  };

  /** Two operators taking the same code at once: the unique index decides, the loser gets the same 409. */
  const codeGuarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505') throw new ApiError(ERROR_CODES.conflict, 'articles:codeTaken', { field: 'code' });
      throw error;
    }
  };

  const requireCategory = async (id: number): Promise<ConsoleCategory> => {
    const category = await store.category(id);
    if (!category) throw notFoundError('id');
    return category;
  };

  const requireArticle = async (id: number): Promise<ConsoleArticle> => {
    const article = await store.article(id);
    if (!article) throw notFoundError('id');
    return article;
  };

  /** A section's category must be a top-level category. */
  const checkParent = async (parentId: number | null | undefined) => {
    if (!parentId) return;
    const parent = await store.category(parentId);
    if (!parent || parent.parentId !== null) throw invalid('parentId', 'parentUnknown');
  };

  // ---- categories and sections -------------------------------------------------------------------

  operatorRoute<unknown, unknown, unknown, ConsoleCategory[]>({
    method: 'GET',
    path: ARTICLE_PATHS.consoleCategories,
    schema: { querystring: noQuery },
    handler: () => store.categoryTree(),
  });

  operatorRoute<unknown, CategoryInput, unknown, ConsoleCategory>({
    method: 'POST',
    path: ARTICLE_PATHS.consoleCategories,
    schema: { body: categoryBody },
    async handler(request) {
      const titles = cleanTitles(request.body.titles);
      await checkParent(request.body.parentId);
      const created = await store.createCategory({ ...request.body, titles });
      await audit(request, 'articles.category.create', `article_category:${created.id}`, undefined, created);
      return created;
    },
  });

  operatorRoute<unknown, CategoryInput, { id: number }, ConsoleCategory>({
    method: 'POST',
    path: ARTICLE_PATHS.consoleCategory('{id}'),
    schema: { params: idParams, body: categoryBody },
    async handler(request) {
      const before = await requireCategory(request.params.id);
      const titles = cleanTitles(request.body.titles);
      const { parentId } = request.body;
      // a category stays a category and a section a section (it may move to another category)
      if (parentId !== undefined && (parentId === null) !== (before.parentId === null)) throw invalid('parentId', 'parentUnknown');
      await checkParent(parentId);
      const after = await store.updateCategory(before.id, { ...request.body, titles });
      await audit(request, 'articles.category.update', `article_category:${before.id}`, before, after);
      return after;
    },
  });

  operatorRoute<unknown, unknown, { id: number }, null>({
    method: 'POST',
    path: `${ARTICLE_PATHS.consoleCategory('{id}')}/delete`,
    schema: { params: idParams },
    async handler(request) {
      const before = await requireCategory(request.params.id);
      if (await store.inUse(before.id)) throw new ApiError(ERROR_CODES.conflict, 'articles:categoryInUse', { field: 'id' });
      await store.deleteCategory(before.id);
      await audit(request, 'articles.category.delete', `article_category:${before.id}`, before);
      return null;
    },
  });

  // ---- articles ----------------------------------------------------------------------------------

  operatorRoute<ArticleListFilter & { page: number; size: number }, unknown, unknown, Page<ConsoleArticleRow>>({
    method: 'GET',
    path: ARTICLE_PATHS.consoleArticles,
    schema: { querystring: articleListQuery },
    async handler(request) {
      const { categoryId, page, size, ...filter } = request.query;
      let sectionIds: number[] | undefined;
      if (categoryId !== undefined) {
        const category = (await store.categoryTree()).flatMap((top) => [top, ...top.sections!]).find((candidate) => candidate.id === categoryId);
        if (!category) throw invalid('categoryId', 'categoryUnknown');
        sectionIds = category.parentId === null ? category.sections!.map((section) => section.id) : [category.id];
      }
      const { rows, total } = await store.list({ ...filter, sectionIds }, page, size);
      return pageOf(rows, total, size, page);
    },
  });

  operatorRoute<unknown, unknown, { id: number }, ConsoleArticle>({
    method: 'GET',
    path: ARTICLE_PATHS.consoleArticle('{id}'),
    schema: { params: idParams },
    handler: (request) => requireArticle(request.params.id),
  });

  operatorRoute<unknown, ArticleMetaInput & ArticleTextInput & { language: Language }, unknown, ConsoleArticle>({
    method: 'POST',
    path: ARTICLE_PATHS.consoleArticles,
    schema: { body: articleCreateBody },
    async handler(request) {
      const { language, title, summary, body, ...meta } = request.body;
      const text = cleanText({ title, summary, body });
      const checked = await checkMeta(meta);
      const id = await codeGuarded(() => store.create(checked, language, text));
      const created = (await store.article(id))!;
      await audit(request, 'articles.create', `article:${id}`, undefined, created);
      return created;
    },
  });

  operatorRoute<unknown, ArticleMetaInput, { id: number }, ConsoleArticle>({
    method: 'POST',
    path: ARTICLE_PATHS.consoleArticle('{id}'),
    schema: { params: idParams, body: articleMetaBody },
    async handler(request) {
      const { texts: _texts, ...before } = await requireArticle(request.params.id);
      const checked = await checkMeta(request.body, before.id);
      await codeGuarded(() => store.updateMeta(before.id, checked));
      const after = (await store.article(before.id))!;
      const { texts: _afterTexts, ...afterMeta } = after;
      await audit(request, 'articles.update', `article:${before.id}`, before, afterMeta);
      return after;
    },
  });

  operatorRoute<unknown, unknown, { id: number }, null>({
    method: 'POST',
    path: `${ARTICLE_PATHS.consoleArticle('{id}')}/delete`,
    schema: { params: idParams },
    async handler(request) {
      const before = await requireArticle(request.params.id);
      await store.deleteArticle(before.id);
      await audit(request, 'articles.delete', `article:${before.id}`, before);
      return null;
    },
  });

  operatorRoute<unknown, ArticleTextInput, { id: number; language: Language }, ConsoleArticle>({
    method: 'POST',
    path: ARTICLE_PATHS.consoleText('{id}', '{language}'),
    schema: { params: textParams, body: articleTextBody },
    async handler(request) {
      const { id, language } = request.params;
      const before = (await requireArticle(id)).texts.find((text) => text.language === language);
      const text = cleanText(request.body);
      await store.saveText(id, language, text);
      const after = (await store.article(id))!;
      await audit(request, 'articles.text.save', `article:${id}:${language}`, before, after.texts.find((candidate) => candidate.language === language));
      return after;
    },
  });

  const publishing = (action: 'publish' | 'unpublish', status: ArticleStatus) =>
    operatorRoute<unknown, unknown, { id: number; language: Language }, ConsoleArticle>({
      method: 'POST',
      path: `${ARTICLE_PATHS.consoleText('{id}', '{language}')}/${action}`,
      schema: { params: textParams },
      async handler(request) {
        const { id, language } = request.params;
        const before = (await requireArticle(id)).texts.find((text) => text.language === language);
        if (!before) throw notFoundError('language');
        await store.setStatus(id, language, status);
        const after = (await store.article(id))!;
        const text = after.texts.find((candidate) => candidate.language === language)!;
        await audit(request, `articles.${action}`, `article:${id}:${language}`, { status: before.status, publishedAt: before.publishedAt }, { status: text.status, publishedAt: text.publishedAt });
        return after;
      },
    });
  publishing('publish', 'published');
  publishing('unpublish', 'draft');

  // Shows what a body becomes once saved; nothing is stored, so nothing is audited.
  operatorRoute<unknown, { body: string }, unknown, { body: string }>({
    method: 'POST',
    path: ARTICLE_PATHS.consolePreview,
    schema: { body: previewBody },
    handler: async (request) => ({ body: sanitize(request.body.body) }),
  });
}
