import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';

// ISO-8601 UTC strings, like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';
const STORED_NAME = 'varchar(64)';

export const KYC_MIGRATIONS: Migration[] = [
  {
    name: '001_kyc_application',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('kyc_application'), dialect)
        .addColumn('member_id', 'varchar(40)', (column) => column.notNull())
        .addColumn('real_name', 'varchar(100)', (column) => column.notNull())
        // HMAC-SHA256 of the normalised ID number (hex) and its last four characters; the number itself is not kept.
        .addColumn('id_number_hash', 'varchar(64)', (column) => column.notNull())
        .addColumn('id_number_last4', 'varchar(4)', (column) => column.notNull())
        .addColumn('country', 'varchar(2)', (column) => column.notNull())
        .addColumn('front_upload', STORED_NAME, (column) => column.notNull())
        .addColumn('back_upload', STORED_NAME, (column) => column.notNull())
        .addColumn('hand_upload', STORED_NAME, (column) => column.notNull())
        .addColumn('phone_upload', STORED_NAME)
        .addColumn('status', 'varchar(16)', (column) =>
          column.notNull().defaultTo('submitted').check(sql`status in ('submitted', 'approved', 'rejected')`),
        )
        .addColumn('reason', 'varchar(500)')
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('reviewed_at', TIME)
        .addColumn('operator_id', 'varchar(40)')
        .execute();
      await db.schema.createIndex('kyc_application_member').on('kyc_application').columns(['member_id', 'id']).execute();
      await db.schema.createIndex('kyc_application_status').on('kyc_application').columns(['status', 'id']).execute();
      // At most one open application per member, even under concurrent submissions.
      await db.schema
        .createIndex('kyc_application_one_open')
        .on('kyc_application')
        .column('member_id')
        .unique()
        .where(sql.ref('status'), '=', 'submitted')
        .execute();
    },
  },
];
