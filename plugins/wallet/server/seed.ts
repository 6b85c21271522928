import type { ServerContext } from '../../../core/server';

/**
 * Demo currencies, each with one network on the simulated devnet chain. ETH is the devnet's native coin; USDT and
 * BTC are tokens there (placeholder contract addresses), so each currency has its own hot-wallet balance. Their
 * reference prices are the markets' demo quotes (plugins/markets/server/demo-tickers.ts), so that valuations, the
 * demo market maker's quotes and the market lists agree.
 */
const DEMO_CURRENCIES = [
  { currency: 'USDT', name: 'Tether USD', price: '1', minDeposit: '1', withdrawFee: '1', withdrawMin: '10', token: '0x00000000000000000000000000000000000000a1' },
  { currency: 'BTC', name: 'Bitcoin', price: '67250.15', minDeposit: '0.0001', withdrawFee: '0.0002', withdrawMin: '0.001', token: '0x00000000000000000000000000000000000000a2' },
  { currency: 'ETH', name: 'Ethereum', price: '3521.42', minDeposit: '0.001', withdrawFee: '0.002', withdrawMin: '0.01', token: null },
];

/**
 * A demo site starts with USDT, BTC and ETH on the devnet chain; what is missing is inserted, what an operator
 * changed stays. Other sites start with nothing: operators configure their currencies.
 */
export async function seedWallet(context: ServerContext): Promise<void> {
  if (!context.site.features.demo) return;
  await context.db.transaction().execute(async (trx) => {
    const currencies = new Set((await trx.selectFrom('wallet_currency').select('currency').execute()).map((row) => String(row.currency)));
    const networks = new Set(
      (await trx.selectFrom('wallet_network').select(['currency', 'network']).execute()).map((row) => `${row.currency}/${row.network}`),
    );
    for (const [index, demo] of DEMO_CURRENCIES.entries()) {
      if (!currencies.has(demo.currency)) {
        await trx
          .insertInto('wallet_currency')
          .values({
            currency: demo.currency,
            name: demo.name,
            icon: `/static/coins/${demo.currency.toLowerCase()}.svg`,
            scale: 8,
            sort: index + 1,
            enabled: 1,
            usdt_price: demo.price,
          })
          .execute();
      }
      if (networks.has(`${demo.currency}/DEVNET`)) continue;
      await trx
        .insertInto('wallet_network')
        .values({
          currency: demo.currency,
          network: 'DEVNET',
          label: 'Devnet (simulated)',
          chain: 'devnet',
          contract_address: demo.token,
          chain_decimals: 8,
          confirmations: 2,
          min_deposit: demo.minDeposit,
          withdraw_fee: demo.withdrawFee,
          withdraw_min: demo.withdrawMin,
          deposit_enabled: 1,
          withdraw_enabled: 1,
        })
        .execute();
    }
  });
}
