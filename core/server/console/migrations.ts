import type { Migration } from '../../plugin-api';

/**
 * TOTP for operators: the bound secret and the last time step accepted (a code works once). Sessions signed
 * in before TOTP was bound are listed in operator_setup_session: they may only bind TOTP and change the password.
 */
export const CONSOLE_MIGRATIONS: Migration[] = [
  {
    name: '006_operator_totp',
    async up(db) {
      await db.schema.alterTable('operator').addColumn('totp_secret', 'varchar(64)').execute();
      await db.schema.alterTable('operator').addColumn('totp_last_step', 'bigint').execute();
      await db.schema
        .createTable('operator_setup_session')
        .addColumn('session_id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('operator_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('created_at', 'varchar(40)', (column) => column.notNull())
        .execute();
    },
  },
  {
    // The sessions an operator signed in with, so a password change or a TOTP reset can end them.
    name: '007_operator_session',
    async up(db) {
      await db.schema
        .createTable('operator_session')
        .addColumn('session_id', 'varchar(64)', (column) => column.primaryKey())
        .addColumn('operator_id', 'varchar(64)', (column) => column.notNull())
        .addColumn('expires_at', 'bigint', (column) => column.notNull())
        .addColumn('created_at', 'varchar(40)', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('operator_session_operator').on('operator_session').column('operator_id').execute();
    },
  },
];
