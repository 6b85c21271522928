import type { Migration } from '../../plugin-api';
import { CONSOLE_MIGRATIONS } from '../console/migrations';
import { withAutoId } from './columns';

const TIMESTAMP = 'varchar(40)';

/** Tables of the kernel: cgform collections, operators, the audit log and uploads. */
export const CORE_MIGRATIONS: Migration[] = [
  {
    name: '001_cgform',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('cgform_head'), dialect)
        .addColumn('code', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('name', 'varchar(200)', (column) => column.notNull())
        .addColumn('schema', 'text', (column) => column.notNull())
        .addColumn('ui_schema', 'text', (column) => column.notNull())
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .execute();
      await withAutoId(db.schema.createTable('cgform_row'), dialect)
        .addColumn('form_code', 'varchar(64)', (column) => column.notNull())
        .addColumn('data', 'text', (column) => column.notNull())
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .addColumn('updated_at', TIMESTAMP, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('cgform_row_form_code').on('cgform_row').column('form_code').execute();
    },
  },
  {
    name: '002_operator',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('operator'), dialect)
        .addColumn('username', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('password_hash', 'text', (column) => column.notNull())
        .addColumn('role', 'varchar(32)', (column) => column.notNull())
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
        .execute();
    },
  },
  {
    name: '003_audit_log',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('audit_log'), dialect)
        .addColumn('operator_id', 'varchar(64)')
        .addColumn('action', 'varchar(100)', (column) => column.notNull())
        .addColumn('target', 'varchar(200)')
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .addColumn('ip', 'varchar(64)')
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('audit_log_created_at').on('audit_log').column('created_at').execute();
    },
  },
  {
    name: '004_upload',
    async up(db) {
      await db.schema
        .createTable('upload')
        .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
        .addColumn('owner_kind', 'varchar(16)', (column) => column.notNull())
        .addColumn('owner_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('purpose', 'varchar(32)')
        .addColumn('original_name', 'varchar(255)', (column) => column.notNull())
        .addColumn('mime', 'varchar(100)', (column) => column.notNull())
        .addColumn('size', 'integer', (column) => column.notNull())
        .addColumn('stored_name', 'varchar(100)', (column) => column.notNull())
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .execute();
    },
  },
  {
    name: '005_revoked_session',
    async up(db) {
      await db.schema
        .createTable('revoked_session')
        .addColumn('session_id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('created_at', TIMESTAMP, (column) => column.notNull())
        .execute();
    },
  },
  ...CONSOLE_MIGRATIONS,
];
