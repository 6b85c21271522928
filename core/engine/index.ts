// Public entry of the engine: pure, deterministic state machines (no database, clock or randomness).
// Their durable persistence is a separate entry: core/engine/persistence.
export * from './ledger';
export * from './book';
export * from './spot';
export * from './market-data';
