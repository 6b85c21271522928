import { defineServerPlugin } from '../../../core/server';
import { registerConsoleRoutes } from './console-routes';
import { ARTICLE_MIGRATIONS } from './migrations';
import { registerPublicRoutes } from './public-routes';
import { createBodySanitizer } from './sanitize';
import { ArticleStore } from './store';

/** Where POST /cgform-api/upload/file serves files from: the only local image source an article may use. */
export function uploadsPrefix(head: string): string {
  return `/api/${head}/cgform-api/file/`;
}

export default defineServerPlugin({
  id: 'articles',
  migrations: ARTICLE_MIGRATIONS,
  register(registrar) {
    const { context } = registrar;
    const store = new ArticleStore(context.db, context.now);
    const defaultLanguage = context.site.language;
    registerPublicRoutes(registrar, store, defaultLanguage);
    registerConsoleRoutes(registrar, { store, sanitize: createBodySanitizer(uploadsPrefix(context.site.api.head)), defaultLanguage });
  },
});
