export const ARTICLES_INDEX_ROUTE = 'articles.index';
export const ARTICLES_CATEGORY_ROUTE = 'articles.category';
export const ARTICLES_SECTION_ROUTE = 'articles.section';
export const ARTICLES_CONTENT_ROUTE = 'articles.content';
export const HOME_ROUTE = 'home.index';

/** Static pages (spec §2): each shows the published article of type "page" whose code is the page name. */
export const STATIC_PAGES = [
  { route: 'articles.service', path: '/service', code: 'service', titleKey: 'page.service' },
  { route: 'articles.trading-rules', path: '/trading-rules', code: 'trading-rules', titleKey: 'page.tradingRules' },
  { route: 'articles.aboutus', path: '/aboutus', code: 'aboutus', titleKey: 'page.aboutus' },
  { route: 'articles.test', path: '/test/index', code: 'test', titleKey: 'page.test' },
] as const;
