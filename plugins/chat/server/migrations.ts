import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';

// ISO-8601 UTC strings, like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';
const ID = 'varchar(40)';

export const CHAT_MIGRATIONS: Migration[] = [
  {
    name: '001_chat',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('chat_conversation'), dialect)
        .addColumn('kind', 'varchar(16)', (column) => column.notNull())
        .addColumn('member_id', ID, (column) => column.notNull())
        .addColumn('member_uid', 'varchar(32)', (column) => column.notNull())
        // What the conversation is about within its kind ('' for the member's support conversation).
        .addColumn('reference', 'varchar(64)', (column) => column.notNull().defaultTo(''))
        .addColumn('status', 'varchar(8)', (column) => column.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
        .addColumn('assigned_operator_id', ID)
        .addColumn('waiting_since', TIME)
        .addColumn('last_content', 'varchar(500)')
        .addColumn('last_content_type', 'integer')
        .addColumn('last_sender', 'varchar(8)')
        .addColumn('last_message_at', TIME)
        .addColumn('created_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('chat_conversation_owner').on('chat_conversation').columns(['kind', 'member_id', 'reference']).unique().execute();
      await db.schema.createIndex('chat_conversation_queue').on('chat_conversation').columns(['status', 'last_message_at']).execute();
      await db.schema.createIndex('chat_conversation_agent').on('chat_conversation').columns(['assigned_operator_id', 'status']).execute();

      await withAutoId(db.schema.createTable('chat_message'), dialect)
        .addColumn('conversation_id', 'integer', (column) => column.notNull())
        .addColumn('sender', 'varchar(8)', (column) => column.notNull().check(sql`sender in ('member', 'agent', 'system')`))
        .addColumn('sender_id', ID)
        .addColumn('content', 'varchar(500)', (column) => column.notNull())
        .addColumn('content_type', 'integer', (column) => column.notNull().check(sql`content_type in (1, 2)`))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('chat_message_conversation').on('chat_message').columns(['conversation_id', 'id']).execute();

      await withAutoId(db.schema.createTable('chat_canned_reply'), dialect)
        .addColumn('site', 'varchar(64)', (column) => column.notNull())
        .addColumn('title', 'varchar(100)', (column) => column.notNull())
        .addColumn('content', 'varchar(500)', (column) => column.notNull())
        .addColumn('operator_id', ID, (column) => column.notNull())
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('chat_canned_reply_site').on('chat_canned_reply').columns(['site', 'id']).execute();
    },
  },
];
