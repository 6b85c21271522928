import { LANGUAGES, type Language } from '../../../core/shared';

/** help: the help centre; notice: announcements; page: the body of a static page (/aboutus …), found by its code. */
export const ARTICLE_TYPES = ['help', 'notice', 'page'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

/** Each language of an article is published on its own. */
export const ARTICLE_STATUSES = ['draft', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const BODY_MAX = 100_000;
export const CATEGORY_TITLE_MAX = 100;
export const SORT_MAX = 100_000;
/** A stable key such as the footer's article_code; it starts with a letter, so it never reads as an id. */
export const CODE_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** A text per language; the site's default language is the fallback. */
export type Titles = Partial<Record<Language, string>>;

/** The text for `language`, else for `fallback`, else English, else any. */
export function pickText(texts: Titles, language: Language, fallback: Language): string {
  return texts[language] || texts[fallback] || texts.en || LANGUAGES.map((lng) => texts[lng]).find(Boolean) || '';
}

// ---- public answers (in the request language) ------------------------------------------------------

export interface Crumb {
  id: number;
  title: string;
}

export interface PublicSectionRef extends Crumb {
  /** Published articles readable in the request language (or the default language). */
  articleCount: number;
}

export interface PublicCategory extends Crumb {
  sections: PublicSectionRef[];
}

export interface ArticleSummary {
  id: number;
  type: ArticleType;
  code: string | null;
  title: string;
  summary: string;
  publishedAt: string | null;
}

export interface PublicSection extends Crumb {
  category: Crumb;
  articles: ArticleSummary[];
}

export interface PublicCategoryDetail extends Crumb {
  sections: Array<Crumb & { articles: ArticleSummary[] }>;
}

export interface PublicArticle extends ArticleSummary {
  /** The language served: the request's, or the site's default when the article has no published text in it. */
  language: Language;
  /** Sanitised HTML. */
  body: string;
  updatedAt: string;
  category: Crumb | null;
  section: Crumb | null;
}

// ---- console -------------------------------------------------------------------------------------

export interface ConsoleCategory {
  id: number;
  /** null for a category, the category's id for a section. */
  parentId: number | null;
  titles: Titles;
  sort: number;
  /** For categories: their sections. */
  sections?: ConsoleCategory[];
}

export interface ArticleTextView {
  language: Language;
  title: string;
  summary: string;
  /** Sanitised HTML. */
  body: string;
  status: ArticleStatus;
  publishedAt: string | null;
  updatedAt: string;
}

export interface ConsoleArticle {
  id: number;
  type: ArticleType;
  code: string | null;
  sectionId: number | null;
  sort: number;
  createdAt: string;
  updatedAt: string;
  texts: ArticleTextView[];
}

/** A row of the console list: the texts without their bodies. */
export interface ConsoleArticleRow extends Omit<ConsoleArticle, 'texts'> {
  texts: Array<Omit<ArticleTextView, 'body' | 'summary'>>;
}

export interface ArticleMetaInput {
  type: ArticleType;
  code?: string | null;
  sectionId?: number | null;
  sort?: number;
}

export interface ArticleTextInput {
  title: string;
  summary?: string;
  body: string;
}

export interface CategoryInput {
  parentId?: number | null;
  titles: Titles;
  sort?: number;
}

// ---- paths (under /api/{head}) -------------------------------------------------------------------

/** The filters of the console's article list (GET consoleArticles, with page and size). */
export interface ArticleListFilter {
  language?: Language;
  status?: ArticleStatus;
  type?: ArticleType;
  categoryId?: number;
}

export const ARTICLE_PATHS = {
  categories: '/article/open/categories',
  category: (id: number | string) => `/article/open/categories/${id}`,
  section: (id: number | string) => `/article/open/sections/${id}`,
  content: '/article/open/content',
  consoleCategories: '/console/articles/categories',
  consoleCategory: (id: number | string) => `/console/articles/categories/${id}`,
  consoleArticles: '/console/articles',
  consoleArticle: (id: number | string) => `/console/articles/${id}`,
  consoleText: (id: number | string, language: string) => `/console/articles/${id}/texts/${language}`,
  consolePreview: '/console/articles/preview',
} as const;
