import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';

// Times are ISO-8601 strings (UTC, millisecond precision), like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';

export const IDENTITY_MIGRATIONS: Migration[] = [
  {
    name: '001_member',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('member'), dialect)
        .addColumn('uid', 'varchar(8)', (column) => column.notNull().unique())
        .addColumn('email', 'varchar(254)', (column) => column.unique())
        .addColumn('area_code', 'varchar(4)')
        .addColumn('phone', 'varchar(16)')
        .addColumn('password_hash', 'varchar(200)', (column) => column.notNull())
        .addColumn('invite_code', 'varchar(16)', (column) => column.notNull().unique())
        .addColumn('invited_by', 'integer')
        .addColumn('avatar', 'varchar(500)')
        .addColumn('is_merchant', 'integer', (column) => column.notNull().defaultTo(1))
        .addColumn('supported', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (column) => column.notNull().defaultTo('active').check(sql`status in ('active', 'frozen')`))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addCheckConstraint('member_has_contact', sql`email is not null or (area_code is not null and phone is not null)`)
        .execute();
      await db.schema.createIndex('member_area_code_phone').on('member').columns(['area_code', 'phone']).unique().execute();
    },
  },
  {
    name: '002_verification_code',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('verification_code'), dialect)
        .addColumn('channel', 'varchar(8)', (column) => column.notNull().check(sql`channel in ('email', 'sms')`))
        .addColumn('target', 'varchar(254)', (column) => column.notNull())
        .addColumn('purpose', 'varchar(16)', (column) => column.notNull().check(sql`purpose in ('register', 'login', 'reset', 'bind')`))
        .addColumn('code_hash', 'varchar(120)', (column) => column.notNull())
        .addColumn('expires_at', TIME, (column) => column.notNull())
        .addColumn('used_at', TIME)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('ip', 'varchar(64)', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('verification_code_target').on('verification_code').columns(['target', 'created_at']).execute();
      await db.schema.createIndex('verification_code_ip').on('verification_code').columns(['ip', 'created_at']).execute();
    },
  },
  {
    name: '003_outbox',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('outbox'), dialect)
        .addColumn('channel', 'varchar(8)', (column) => column.notNull().check(sql`channel in ('email', 'sms')`))
        .addColumn('to', 'varchar(254)', (column) => column.notNull())
        .addColumn('subject', 'varchar(200)')
        .addColumn('body', 'text', (column) => column.notNull())
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('sent_at', TIME)
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('error', 'varchar(500)')
        .execute();
      await db.schema.createIndex('outbox_to').on('outbox').columns(['to', 'id']).execute();
      await db.schema.createIndex('outbox_pending').on('outbox').columns(['sent_at', 'channel']).execute();
    },
  },
  {
    name: '004_refresh_token',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('refresh_token'), dialect)
        .addColumn('family_id', 'varchar(36)', (column) => column.notNull())
        .addColumn('member_id', 'integer', (column) => column.notNull().references('member.id'))
        .addColumn('token_hash', 'varchar(64)', (column) => column.notNull().unique())
        .addColumn('device_id', 'varchar(128)')
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('expires_at', TIME, (column) => column.notNull())
        .addColumn('used_at', TIME)
        .addColumn('revoked_at', TIME)
        .execute();
      await db.schema.createIndex('refresh_token_family').on('refresh_token').column('family_id').execute();
      await db.schema.createIndex('refresh_token_member').on('refresh_token').column('member_id').execute();
    },
  },
  {
    name: '005_login_log',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('login_log'), dialect)
        .addColumn('member_id', 'integer')
        .addColumn('account', 'varchar(254)', (column) => column.notNull())
        .addColumn('ip', 'varchar(64)', (column) => column.notNull())
        .addColumn('device_id', 'varchar(128)')
        .addColumn('user_agent', 'varchar(500)')
        .addColumn('result', 'varchar(24)', (column) => column.notNull())
        .addColumn('created_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('login_log_account').on('login_log').columns(['account', 'created_at']).execute();
      await db.schema.createIndex('login_log_ip').on('login_log').columns(['ip', 'created_at']).execute();
      await db.schema.createIndex('login_log_member').on('login_log').columns(['member_id', 'created_at']).execute();
    },
  },
  {
    name: '006_member_device',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('member_device'), dialect)
        .addColumn('member_id', 'integer', (column) => column.notNull().references('member.id'))
        .addColumn('device_id', 'varchar(128)', (column) => column.notNull())
        .addColumn('name', 'varchar(100)')
        .addColumn('last_ip', 'varchar(64)')
        .addColumn('last_seen_at', TIME, (column) => column.notNull())
        .addColumn('created_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('member_device_member_device').on('member_device').columns(['member_id', 'device_id']).unique().execute();
    },
  },
];
