import { defineWebPlugin } from '../../../core/plugin-api';
import { consoleMenu, consolePage } from '../../console-core/shared/types';
import { ARTICLE_EDIT_ROUTE, ARTICLES_LIST_ROUTE, CATEGORIES_ROUTE } from './ids';

export default defineWebPlugin({
  id: 'articles-console',
  routes: [
    consolePage(ARTICLES_LIST_ROUTE, '/articles', () => import('./pages/ArticlesPage')),
    consolePage(ARTICLE_EDIT_ROUTE, '/articles/edit/:id', () => import('./pages/ArticleEditorPage')),
    consolePage(CATEGORIES_ROUTE, '/article-categories', () => import('./pages/CategoriesPage')),
  ],
  menus: [
    consoleMenu({ id: 'articles-console.articles', order: 60, titleKey: 'articles-console:menuArticles', route: ARTICLES_LIST_ROUTE, permission: 'articles.edit' }),
    consoleMenu({ id: 'articles-console.categories', order: 61, titleKey: 'articles-console:menuCategories', route: CATEGORIES_ROUTE, permission: 'articles.edit' }),
  ],
  locales: (language) => import(`../../../locales/${language}/articles-console.json`),
});
