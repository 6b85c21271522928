import { sql, type Kysely } from 'kysely';
import type { Language } from '../../../core/shared';
import type {
  ArticleMetaInput,
  ArticleStatus,
  ArticleTextView,
  ArticleType,
  CategoryInput,
  ConsoleArticle,
  ConsoleArticleRow,
  ConsoleCategory,
  Titles,
} from '../shared/types';

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  titles: string;
  sort: number;
}

export interface ArticleRow {
  id: number;
  type: ArticleType;
  code: string | null;
  section_id: number | null;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface TextRow {
  article_id: number;
  language: Language;
  title: string;
  summary: string;
  body: string;
  status: ArticleStatus;
  published_at: string | null;
  updated_at: string;
}

/** A published text of an article, without its body. */
export type PublishedSummary = ArticleRow & Pick<TextRow, 'language' | 'title' | 'summary' | 'published_at'>;

export interface ArticleFilter {
  language?: Language;
  status?: ArticleStatus;
  type?: ArticleType;
  /** Section ids the article must be in. */
  sectionIds?: number[];
}

const ARTICLE_COLUMNS = ['article.id', 'article.type', 'article.code', 'article.section_id', 'article.sort', 'article.created_at', 'article.updated_at'] as const;

function categoryOf(row: CategoryRow): ConsoleCategory {
  return { id: Number(row.id), parentId: row.parent_id === null ? null : Number(row.parent_id), titles: JSON.parse(row.titles) as Titles, sort: Number(row.sort) };
}

function articleOf(row: ArticleRow): Omit<ConsoleArticle, 'texts'> {
  return {
    id: Number(row.id),
    type: row.type,
    code: row.code,
    sectionId: row.section_id === null ? null : Number(row.section_id),
    sort: Number(row.sort),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function textOf(row: TextRow): ArticleTextView {
  return {
    language: row.language,
    title: row.title,
    summary: row.summary,
    body: row.body,
    status: row.status,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  };
}

/** The categories, sections, articles and their texts; every write of one request runs in one transaction. */
export class ArticleStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly now: () => Date,
  ) {}

  // ---- categories and sections -------------------------------------------------------------------

  async category(id: number): Promise<ConsoleCategory | undefined> {
    const row = await this.db.selectFrom('article_category').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? categoryOf(row as CategoryRow) : undefined;
  }

  /** Categories with their sections, both by sort then id. */
  async categoryTree(): Promise<ConsoleCategory[]> {
    const rows = (await this.db.selectFrom('article_category').selectAll().orderBy('sort').orderBy('id').execute()) as CategoryRow[];
    const all = rows.map(categoryOf);
    return all
      .filter((category) => category.parentId === null)
      .map((category) => ({ ...category, sections: all.filter((section) => section.parentId === category.id) }));
  }

  async createCategory(input: CategoryInput): Promise<ConsoleCategory> {
    const at = this.now().toISOString();
    const inserted = await this.db
      .insertInto('article_category')
      .values({ parent_id: input.parentId ?? null, titles: JSON.stringify(input.titles), sort: input.sort ?? 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.category(Number(inserted.id)))!;
  }

  async updateCategory(id: number, input: CategoryInput): Promise<ConsoleCategory> {
    await this.db
      .updateTable('article_category')
      .set({
        titles: JSON.stringify(input.titles),
        ...(input.sort !== undefined ? { sort: input.sort } : {}),
        ...(input.parentId !== undefined ? { parent_id: input.parentId } : {}),
        updated_at: this.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    return (await this.category(id))!;
  }

  /** True when the category has sections or the section has articles. */
  async inUse(id: number): Promise<boolean> {
    const section = await this.db.selectFrom('article_category').select('id').where('parent_id', '=', id).executeTakeFirst();
    const article = await this.db.selectFrom('article').select('id').where('section_id', '=', id).executeTakeFirst();
    return !!section || !!article;
  }

  async deleteCategory(id: number): Promise<void> {
    await this.db.deleteFrom('article_category').where('id', '=', id).execute();
  }

  // ---- articles (console) ------------------------------------------------------------------------

  async article(id: number): Promise<ConsoleArticle | undefined> {
    const row = await this.db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const texts = (await this.db.selectFrom('article_text').selectAll().where('article_id', '=', id).orderBy('language').execute()) as TextRow[];
    return { ...articleOf(row as ArticleRow), texts: texts.map(textOf) };
  }

  async idOfCode(code: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('article').select('id').where('code', '=', code).executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  async list(filter: ArticleFilter, page: number, size: number): Promise<{ rows: ConsoleArticleRow[]; total: number }> {
    let base = this.db.selectFrom('article');
    if (filter.type) base = base.where('article.type', '=', filter.type);
    if (filter.sectionIds) base = base.where('article.section_id', 'in', filter.sectionIds.length > 0 ? filter.sectionIds : [0]);
    if (filter.language || filter.status) {
      let texts = this.db.selectFrom('article_text').select('article_id');
      if (filter.language) texts = texts.where('language', '=', filter.language);
      if (filter.status) texts = texts.where('status', '=', filter.status);
      base = base.where('article.id', 'in', texts);
    }
    const counted = await base.select(sql<string | number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const rows = (await base
      .select([...ARTICLE_COLUMNS])
      .orderBy('article.updated_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute()) as ArticleRow[];
    const ids = rows.map((row) => Number(row.id));
    const texts =
      ids.length === 0
        ? []
        : await this.db
            .selectFrom('article_text')
            .select(['article_id', 'language', 'title', 'status', 'published_at', 'updated_at'])
            .where('article_id', 'in', ids)
            .orderBy('language')
            .execute();
    return {
      total: Number(counted.total),
      rows: rows.map((row) => ({
        ...articleOf(row),
        texts: texts
          .filter((text) => Number(text.article_id) === Number(row.id))
          .map((text) => ({ language: text.language, title: text.title, status: text.status, publishedAt: text.published_at, updatedAt: text.updated_at })),
      })),
    };
  }

  /** A new article with its first text, a draft. */
  async create(meta: ArticleMetaInput, language: Language, text: Pick<TextRow, 'title' | 'summary' | 'body'>): Promise<number> {
    const at = this.now().toISOString();
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('article')
        .values({ type: meta.type, code: meta.code ?? null, section_id: meta.sectionId ?? null, sort: meta.sort ?? 0, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      const id = Number(inserted.id);
      await trx.insertInto('article_text').values({ article_id: id, language, ...text, status: 'draft', published_at: null, updated_at: at }).execute();
      return id;
    });
  }

  async updateMeta(id: number, meta: ArticleMetaInput): Promise<void> {
    await this.db
      .updateTable('article')
      .set({
        type: meta.type,
        ...(meta.code !== undefined ? { code: meta.code } : {}),
        ...(meta.sectionId !== undefined ? { section_id: meta.sectionId } : {}),
        ...(meta.sort !== undefined ? { sort: meta.sort } : {}),
        updated_at: this.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  /** Creates or replaces the text of one language; a published text stays published with the new content. */
  async saveText(id: number, language: Language, text: Pick<TextRow, 'title' | 'summary' | 'body'>): Promise<void> {
    const at = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('article_text')
        .set({ ...text, updated_at: at })
        .where('article_id', '=', id)
        .where('language', '=', language)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await trx.insertInto('article_text').values({ article_id: id, language, ...text, status: 'draft', published_at: null, updated_at: at }).execute();
      }
      await trx.updateTable('article').set({ updated_at: at }).where('id', '=', id).execute();
    });
  }

  /** Publishing stamps published_at; unpublishing keeps it, so a re-publish shows the new date. */
  async setStatus(id: number, language: Language, status: ArticleStatus): Promise<void> {
    const at = this.now().toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('article_text')
        .set({ status, ...(status === 'published' ? { published_at: at } : {}), updated_at: at })
        .where('article_id', '=', id)
        .where('language', '=', language)
        .execute();
      await trx.updateTable('article').set({ updated_at: at }).where('id', '=', id).execute();
    });
  }

  async deleteArticle(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('article_text').where('article_id', '=', id).execute();
      await trx.deleteFrom('article').where('id', '=', id).execute();
    });
  }

  // ---- public reads ------------------------------------------------------------------------------

  /** Published texts (without bodies) in any of `languages`, of the articles matching `where`. */
  async publishedSummaries(where: { sectionIds?: number[]; ids?: number[]; code?: string; type?: ArticleType }, languages: Language[]): Promise<PublishedSummary[]> {
    let query = this.db
      .selectFrom('article')
      .innerJoin('article_text', 'article_text.article_id', 'article.id')
      .select([...ARTICLE_COLUMNS, 'article_text.language', 'article_text.title', 'article_text.summary', 'article_text.published_at'])
      .where('article_text.status', '=', 'published')
      .where('article_text.language', 'in', languages);
    if (where.sectionIds) query = query.where('article.section_id', 'in', where.sectionIds.length > 0 ? where.sectionIds : [0]);
    if (where.ids) query = query.where('article.id', 'in', where.ids.length > 0 ? where.ids : [0]);
    if (where.code !== undefined) query = query.where('article.code', '=', where.code);
    if (where.type) query = query.where('article.type', '=', where.type);
    const rows = await query.orderBy('article.sort').orderBy('article.id', 'desc').execute();
    return rows.map((row) => ({ ...(row as PublishedSummary), id: Number(row.id), section_id: row.section_id === null ? null : Number(row.section_id) }));
  }

  async publishedBody(id: number, language: Language): Promise<Pick<TextRow, 'body' | 'updated_at'> | undefined> {
    return this.db
      .selectFrom('article_text')
      .select(['body', 'updated_at'])
      .where('article_id', '=', id)
      .where('language', '=', language)
      .where('status', '=', 'published')
      .executeTakeFirst();
  }
}
