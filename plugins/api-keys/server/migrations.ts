import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';

// ISO-8601 UTC strings, like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';

export const API_KEYS_MIGRATIONS: Migration[] = [
  {
    name: '001_api_key',
    async up(db, dialect) {
      await withAutoId(db.schema.createTable('api_key'), dialect)
        .addColumn('member_id', 'varchar(40)', (column) => column.notNull())
        .addColumn('label', 'varchar(40)', (column) => column.notNull())
        .addColumn('api_key', 'varchar(64)', (column) => column.notNull().unique())
        // AES-256-GCM of the secret (base64 of iv, tag and ciphertext), see secret-box.ts.
        .addColumn('secret_sealed', 'varchar(200)', (column) => column.notNull())
        .addColumn('can_trade', 'integer', (column) => column.notNull().defaultTo(0))
        // JSON array of canonical addresses / CIDR ranges; [] allows any address.
        .addColumn('ips', 'varchar(2000)', (column) => column.notNull().defaultTo('[]'))
        .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('last_used_at', TIME)
        .execute();
      await db.schema.createIndex('api_key_member').on('api_key').columns(['member_id', 'id']).execute();
    },
  },
];
