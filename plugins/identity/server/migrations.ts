import { sql, type Kysely } from 'kysely';
import type { Dialect, Migration } from '../../../core/plugin-api';
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
  {
    name: '007_member_security',
    async up(db, dialect) {
      // Security center state: anti-phishing code, transaction password, TOTP secret (bound and pending) and the
      // last TOTP time step accepted, so a code is taken once only.
      for (const [column, type] of [
        ['anti_code', 'varchar(20)'],
        ['trade_pwd_hash', 'varchar(200)'],
        ['totp_secret', 'varchar(64)'],
        ['totp_pending_secret', 'varchar(64)'],
        ['totp_last_step', 'bigint'],
      ] as const) {
        await db.schema.alterTable('member').addColumn(column, type).execute();
      }
      await allowCodePurposes(db, dialect, ['register', 'login', 'reset', 'bind', 'verify']);
    },
  },
  {
    name: '008_return_apply',
    async up(db, dialect) {
      // Return-of-funds applications: status 0 returning, 1 returned, 2 rejected.
      await withAutoId(db.schema.createTable('return_apply'), dialect)
        .addColumn('member_id', 'integer', (column) => column.notNull().references('member.id'))
        .addColumn('status', 'integer', (column) => column.notNull().check(sql`status in (0, 1, 2)`))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('processed_at', TIME)
        .addColumn('operator_id', 'varchar(64)')
        .addColumn('note', 'varchar(500)')
        .execute();
      await db.schema.createIndex('return_apply_member').on('return_apply').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('return_apply_status').on('return_apply').columns(['status', 'id']).execute();
      // at most one open application per member, even under parallel requests
      await db.schema.createIndex('return_apply_one_open').on('return_apply').column('member_id').unique().where(sql.ref('status'), '=', 0).execute();
    },
  },
  {
    name: '009_member_payment',
    async up(db, dialect) {
      // Payment methods: `account` is the bank account number or the e-wallet account.
      await withAutoId(db.schema.createTable('member_payment'), dialect)
        .addColumn('member_id', 'integer', (column) => column.notNull().references('member.id'))
        .addColumn('kind', 'varchar(16)', (column) => column.notNull().check(sql`kind in ('bank', 'ewallet')`))
        .addColumn('holder_name', 'varchar(80)', (column) => column.notNull())
        .addColumn('account', 'varchar(64)', (column) => column.notNull())
        .addColumn('bank_name', 'varchar(80)')
        .addColumn('branch', 'varchar(80)')
        .addColumn('provider', 'varchar(60)')
        .addColumn('qr_image', 'varchar(200)')
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .execute();
      await db.schema.createIndex('member_payment_member').on('member_payment').columns(['member_id', 'id']).execute();
    },
  },
];

/**
 * Replaces the CHECK on verification_code.purpose. PostgreSQL drops and adds the constraint; SQLite cannot alter
 * a CHECK, so the table is rebuilt with the same columns and indexes and its rows copied over.
 */
async function allowCodePurposes(db: Kysely<any>, dialect: Dialect, purposes: string[]): Promise<void> {
  const allowed = sql.join(purposes.map((purpose) => sql.lit(purpose)));
  if (dialect === 'postgres') {
    await sql`alter table verification_code drop constraint if exists verification_code_purpose_check`.execute(db);
    await sql`alter table verification_code add constraint verification_code_purpose_check check (purpose in (${allowed}))`.execute(db);
    return;
  }
  await withAutoId(db.schema.createTable('verification_code_next'), dialect)
    .addColumn('channel', 'varchar(8)', (column) => column.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('target', 'varchar(254)', (column) => column.notNull())
    .addColumn('purpose', 'varchar(16)', (column) => column.notNull().check(sql`purpose in (${allowed})`))
    .addColumn('code_hash', 'varchar(120)', (column) => column.notNull())
    .addColumn('expires_at', TIME, (column) => column.notNull())
    .addColumn('used_at', TIME)
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', TIME, (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .execute();
  await sql`insert into verification_code_next (id, channel, target, purpose, code_hash, expires_at, used_at, attempts, created_at, ip)
    select id, channel, target, purpose, code_hash, expires_at, used_at, attempts, created_at, ip from verification_code`.execute(db);
  await db.schema.dropTable('verification_code').execute();
  await db.schema.alterTable('verification_code_next').renameTo('verification_code').execute();
  await db.schema.createIndex('verification_code_target').on('verification_code').columns(['target', 'created_at']).execute();
  await db.schema.createIndex('verification_code_ip').on('verification_code').columns(['ip', 'created_at']).execute();
}
