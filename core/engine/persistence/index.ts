export { decodeJson, encodeApplied, encodeJson } from './codec';
export { LEDGER_MIGRATIONS, minorUnitsColumn } from './schema';
export { LedgerReplayMismatch, sha256 } from './service';
export { LedgerStore, insertRows, transactionWriter, type TableRows, type TableShape, type TableWriter } from './store';
export { SqliteWorkerStore } from './sqlite-writer';
export { BatchRowsBuilder, batchRows, type BatchRows, type BatchSink } from './store';
export { SqliteBatchWriter } from './sqlite-batch-writer';
export * from './spot-service';
export * from './market-data-store';
