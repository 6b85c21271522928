import type { Kysely } from 'kysely';
import type { CgformStore } from './store';
import { readFormSchema } from './store';
import type { FormSeed } from './seed-data';

/**
 * Creates each missing form head together with its default rows, in one transaction per form.
 * A form whose head exists is left alone, so operator edits and deletions survive restarts.
 */
export async function seedForms(db: Kysely<any>, store: CgformStore, seeds: FormSeed[]): Promise<string[]> {
  const existing = new Set((await store.forms()).map((form) => form.code));
  const created: string[] = [];
  for (const seed of seeds) {
    if (existing.has(seed.code)) continue;
    await db.transaction().execute(async (trx) => {
      await store.createHead(trx, { code: seed.code, name: seed.name, schema: readFormSchema(seed.code) });
      for (const row of seed.rows ?? []) await store.insertRow(trx, seed.code, row);
      for (const item of seed.tree ?? []) {
        const parentId = await store.insertRow(trx, seed.code, { pid: 0, ...item.data });
        for (const child of item.children ?? []) await store.insertRow(trx, seed.code, { pid: parentId, ...child });
      }
    });
    created.push(seed.code);
  }
  return created;
}
