export const ARTICLES_LIST_ROUTE = 'articles-console.list';
export const ARTICLE_EDIT_ROUTE = 'articles-console.edit';
export const CATEGORIES_ROUTE = 'articles-console.categories';
/** The id segment of the editor route for an article not created yet. */
export const NEW_ARTICLE = 'new';
export const NAMESPACE = 'articles-console';
