import { CgformStore, defineServerPlugin, readFormSchema } from '../../../core/server';
import { HOME_SEEDS } from './seed-data';

/**
 * The home page's operator content lives in cgform collections (home_block, home_figure, home_product), read by
 * the web at runtime through GET /cgform-api/getData/{code}. A collection is created with its defaults once;
 * after that operator edits and deletions survive restarts.
 */
export default defineServerPlugin({
  id: 'home',
  async seed(context) {
    const store = new CgformStore(context.db, context.dialect, context.now);
    const existing = new Set((await store.forms()).map((form) => form.code));
    for (const seed of HOME_SEEDS) {
      if (existing.has(seed.code)) continue;
      await context.db.transaction().execute(async (trx) => {
        await store.createHead(trx, { code: seed.code, name: seed.name, schema: readFormSchema(seed.code) });
        for (const row of seed.rows) await store.insertRow(trx, seed.code, row);
      });
    }
  },
  register() {},
});
