import { defineWebPlugin, type RouteContribution } from '../../../core/plugin-api';
import { operatorCan } from '../../console-core/shared/types';
import { ARTICLE_EDIT_ROUTE, ARTICLES_LIST_ROUTE, CATEGORIES_ROUTE } from './ids';

const consolePage = (name: string, path: string, page: RouteContribution['page']): RouteContribution => ({
  name,
  path,
  page,
  layout: 'bare',
  section: 'console.side',
});

export default defineWebPlugin({
  id: 'articles-console',
  routes: [
    consolePage(ARTICLES_LIST_ROUTE, '/articles', () => import('./pages/ArticlesPage')),
    consolePage(ARTICLE_EDIT_ROUTE, '/articles/edit/:id', () => import('./pages/ArticleEditorPage')),
    consolePage(CATEGORIES_ROUTE, '/article-categories', () => import('./pages/CategoriesPage')),
  ],
  menus: [
    { id: 'articles-console.articles', slot: 'console.side', order: 60, titleKey: 'articles-console:menuArticles', route: ARTICLES_LIST_ROUTE, visible: operatorCan('articles.edit') },
    { id: 'articles-console.categories', slot: 'console.side', order: 61, titleKey: 'articles-console:menuCategories', route: CATEGORIES_ROUTE, visible: operatorCan('articles.edit') },
  ],
  locales: (language) => import(`../../../locales/${language}/articles-console.json`),
});
