import { sql } from 'kysely';
import type { Migration } from '../../../core/plugin-api';
import { withAutoId } from '../../../core/server';
import { DEPOSIT_STATUSES, WITHDRAWAL_STATUSES } from '../shared/types';

// ISO-8601 UTC strings, like the kernel's tables: they sort as text.
const TIME = 'varchar(40)';
// Amounts as text, exact on both databases: ledger amounts as decimal strings in the currency's scale (which never
// changes under balances), on-chain amounts as integer base units (wide enough for any uint256).
const UNITS = 'varchar(80)';
const HASH = 'varchar(80)';
const ADDRESS = 'varchar(64)';
const MEMBER = 'varchar(40)';
const CURRENCY = 'varchar(20)';
const NETWORK = 'varchar(32)';
const CHAIN = 'varchar(40)';

const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

/** Tables of the chain side: the devnet chain, deposit addresses, scan cursors, deposits and withdrawals. */
export const CHAIN_MIGRATIONS: Migration[] = [
  {
    name: 'chain_001_devnet',
    async up(db, dialect) {
      await db.schema
        .createTable('devnet_block')
        .addColumn('number', 'bigint', (column) => column.primaryKey())
        .addColumn('hash', HASH, (column) => column.notNull().unique())
        .addColumn('parent_hash', HASH, (column) => column.notNull())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      // Pending transactions (the mempool) have no block yet.
      await withAutoId(db.schema.createTable('devnet_tx'), dialect)
        .addColumn('hash', HASH, (column) => column.notNull().unique())
        .addColumn('block_number', 'bigint')
        .addColumn('position', 'integer')
        .addColumn('from_address', ADDRESS, (column) => column.notNull())
        .addColumn('to_address', ADDRESS, (column) => column.notNull())
        .addColumn('asset', ADDRESS, (column) => column.notNull())
        .addColumn('amount', UNITS, (column) => column.notNull())
        .addColumn('status', 'varchar(10)', (column) => column.notNull().check(oneOf('status', ['pending', 'success', 'failed'])))
        // The payer's id of a payment (a withdrawal id): sending it again returns the same transaction.
        .addColumn('send_id', 'varchar(128)', (column) => column.unique())
        .addColumn('created_at', 'bigint', (column) => column.notNull())
        .execute();
      await db.schema.createIndex('devnet_tx_block').on('devnet_tx').columns(['block_number', 'position']).execute();
      await db.schema.createIndex('devnet_tx_to').on('devnet_tx').columns(['to_address', 'asset']).execute();
      await db.schema.createIndex('devnet_tx_from').on('devnet_tx').columns(['from_address', 'asset']).execute();
    },
  },
  {
    name: 'chain_002_deposits',
    async up(db, dialect) {
      // One address per (member, currency, network) on its kind of chain; an HD index is never given twice there.
      await withAutoId(db.schema.createTable('wallet_deposit_address'), dialect)
        .addColumn('member_id', MEMBER, (column) => column.notNull())
        .addColumn('currency', CURRENCY, (column) => column.notNull())
        .addColumn('network', NETWORK, (column) => column.notNull())
        .addColumn('chain', CHAIN, (column) => column.notNull())
        .addColumn('hd_index', 'integer', (column) => column.notNull())
        .addColumn('address', ADDRESS, (column) => column.notNull())
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addUniqueConstraint('wallet_deposit_address_owner', ['member_id', 'currency', 'network', 'chain'])
        .addUniqueConstraint('wallet_deposit_address_address', ['chain', 'address'])
        .addUniqueConstraint('wallet_deposit_address_index', ['chain', 'hd_index'])
        .execute();
      // Per chain: the last block scanned for deposits, and the hashes of recent scanned blocks (reorg detection).
      await db.schema
        .createTable('wallet_chain_block')
        .addColumn('chain', CHAIN, (column) => column.notNull())
        .addColumn('number', 'bigint', (column) => column.notNull())
        .addColumn('hash', HASH, (column) => column.notNull())
        .addPrimaryKeyConstraint('wallet_chain_block_pk', ['chain', 'number'])
        .execute();
      await withAutoId(db.schema.createTable('wallet_deposit'), dialect)
        .addColumn('member_id', MEMBER, (column) => column.notNull())
        .addColumn('currency', CURRENCY, (column) => column.notNull())
        .addColumn('network', NETWORK, (column) => column.notNull())
        .addColumn('chain', CHAIN, (column) => column.notNull())
        .addColumn('address', ADDRESS, (column) => column.notNull())
        .addColumn('hd_index', 'integer', (column) => column.notNull())
        .addColumn('asset', ADDRESS, (column) => column.notNull())
        .addColumn('tx_hash', HASH, (column) => column.notNull())
        .addColumn('log_index', 'integer', (column) => column.notNull())
        .addColumn('block_number', 'bigint', (column) => column.notNull())
        .addColumn('block_hash', HASH, (column) => column.notNull())
        .addColumn('chain_amount', UNITS, (column) => column.notNull())
        .addColumn('amount', UNITS, (column) => column.notNull())
        .addColumn('status', 'varchar(10)', (column) => column.notNull().check(oneOf('status', DEPOSIT_STATUSES)))
        .addColumn('confirmations', 'integer', (column) => column.notNull())
        .addColumn('required_confirmations', 'integer', (column) => column.notNull())
        // 1 once the credited coins were moved to the hot wallet (or there was nothing to move)
        .addColumn('swept', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('credited_at', TIME)
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .addUniqueConstraint('wallet_deposit_transfer', ['chain', 'tx_hash', 'log_index'])
        .execute();
      await db.schema.createIndex('wallet_deposit_member').on('wallet_deposit').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('wallet_deposit_status').on('wallet_deposit').columns(['status', 'chain']).execute();
      await db.schema.createIndex('wallet_deposit_created').on('wallet_deposit').columns(['created_at']).execute();
    },
  },
  {
    name: 'chain_003_withdrawals',
    async up(db) {
      await db.schema
        .createTable('wallet_withdrawal')
        .addColumn('id', 'varchar(40)', (column) => column.primaryKey())
        .addColumn('member_id', MEMBER, (column) => column.notNull())
        .addColumn('client_id', 'varchar(64)')
        .addColumn('currency', CURRENCY, (column) => column.notNull())
        .addColumn('network', NETWORK, (column) => column.notNull())
        .addColumn('chain', CHAIN, (column) => column.notNull())
        .addColumn('address', ADDRESS, (column) => column.notNull())
        .addColumn('asset', ADDRESS, (column) => column.notNull())
        .addColumn('amount', UNITS, (column) => column.notNull())
        .addColumn('fee', UNITS, (column) => column.notNull())
        .addColumn('receive', UNITS, (column) => column.notNull())
        // receive (amount − fee) in on-chain base units: what is sent
        .addColumn('chain_amount', UNITS, (column) => column.notNull())
        .addColumn('status', 'varchar(12)', (column) => column.notNull().check(oneOf('status', WITHDRAWAL_STATUSES)))
        // The ledger side: held (frozen), released (back to available) or settled (paid out).
        .addColumn('funds', 'varchar(10)', (column) => column.notNull().check(oneOf('funds', ['held', 'released', 'settled'])))
        .addColumn('reason', 'varchar(200)')
        .addColumn('tx_hash', HASH)
        .addColumn('confirmations', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (column) => column.notNull().defaultTo(0))
        .addColumn('reviewed_by', MEMBER)
        .addColumn('reviewed_at', TIME)
        .addColumn('created_at', TIME, (column) => column.notNull())
        .addColumn('updated_at', TIME, (column) => column.notNull())
        .addUniqueConstraint('wallet_withdrawal_client', ['member_id', 'client_id'])
        .execute();
      await db.schema.createIndex('wallet_withdrawal_member').on('wallet_withdrawal').columns(['member_id', 'created_at']).execute();
      await db.schema.createIndex('wallet_withdrawal_status').on('wallet_withdrawal').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('wallet_withdrawal_created').on('wallet_withdrawal').columns(['created_at']).execute();
    },
  },
  {
    name: 'chain_004_withdrawal_signed_tx',
    async up(db) {
      // The signed payment (hex), saved with tx_hash before it is broadcast: after a crash it is broadcast again
      // as it is, never signed anew while it can still be mined.
      await db.schema.alterTable('wallet_withdrawal').addColumn('raw_tx', 'text').execute();
    },
  },
];
