import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';

// ISO-8601 UTC strings, like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';

export const ARTICLE_MIGRATIONS: Migration[] = [
  {
    name: '001_articles',
    async up(db, dialect) {
      // Categories (parent_id null) and their sections (parent_id = the category); titles are JSON by language.
      await withAutoId(db.schema.createTable('article_category'), dialect)
        .addColumn('parent_id', 'integer')
        .addColumn('titles', 'text', (column) => column.notNull())
        .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('article_category_parent').on('article_category').columns(['parent_id', 'sort']).execute();

      await withAutoId(db.schema.createTable('article'), dialect)
        .addColumn('type', 'varchar(16)', (column) => column.notNull().check(sql`type in ('help', 'notice', 'page')`))
        .addColumn('code', 'varchar(64)', (column) => column.unique())
        .addColumn('section_id', 'integer')
        .addColumn('sort', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('article_section').on('article').columns(['section_id', 'sort']).execute();

      // One text per article and language, each published on its own.
      await db.schema
        .createTable('article_text')
        .addColumn('article_id', 'integer', (column) => column.notNull())
        .addColumn('language', 'varchar(8)', (column) => column.notNull())
        .addColumn('title', 'varchar(200)', (column) => column.notNull())
        .addColumn('summary', 'varchar(500)', (column) => column.notNull().defaultTo(''))
        .addColumn('body', 'text', (column) => column.notNull())
        .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('draft').check(sql`status in ('draft', 'published')`))
        .addColumn('published_at', TIME)
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .addPrimaryKeyConstraint('article_text_pk', ['article_id', 'language'])
        .execute();
      await db.schema.createIndex('article_text_status').on('article_text').columns(['status', 'language']).execute();
    },
  },
];
