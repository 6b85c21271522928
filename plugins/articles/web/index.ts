import { defineWebPlugin } from '../../../core/plugin-api';
import { ARTICLES_CATEGORY_ROUTE, ARTICLES_CONTENT_ROUTE, ARTICLES_INDEX_ROUTE, ARTICLES_SECTION_ROUTE, STATIC_PAGES } from './ids';

export default defineWebPlugin({
  id: 'articles',
  routes: [
    { name: ARTICLES_INDEX_ROUTE, path: '/article/main/index', page: () => import('./pages/IndexPage') },
    { name: ARTICLES_CATEGORY_ROUTE, path: '/article/main/categories/:id', page: () => import('./pages/CategoryPage') },
    { name: ARTICLES_SECTION_ROUTE, path: '/article/main/sections/:id', page: () => import('./pages/SectionPage') },
    { name: ARTICLES_CONTENT_ROUTE, path: '/article/main/content/:type/:id', page: () => import('./pages/ContentPage') },
    ...STATIC_PAGES.map((page) => ({ name: page.route, path: page.path, page: () => import('./pages/StaticPage') })),
  ],
  locales: (language) => import(`../../../locales/${language}/articles.json`),
});
