import { LEDGER_MIGRATIONS, SPOT_MIGRATIONS } from '../../../core/engine/persistence';
import { defineServerPlugin, type ServerContext, type ServerPlugin } from '../../../core/server';
import { IDENTITY_SERVICE, type IdentityService } from '../../identity/shared/service';
import { WALLET_SERVICE } from '../shared/service';
import { Bills } from './bills';
import { CHAIN_MIGRATIONS, registerChainSide } from './chain-side';
import { registerConsoleRoutes } from './console-routes';
import { WalletCurrencies } from './currency-store';
import { DisplayRates } from './display-rates';
import { registerExportRoutes } from './export-routes';
import { registerMemberRoutes } from './member-routes';
import { WALLET_MIGRATIONS } from './migrations';
import { seedWallet } from './seed';
import { Wallet } from './wallet';

interface Running {
  wallet: Wallet;
  chain: { start(): Promise<void>; stop(): Promise<void> };
}

/** The wallet server part. One instance may serve several servers in a process (tests): state is per context. */
export function createWalletServer(): ServerPlugin {
  const running = new Map<ServerContext, Running>();
  return defineServerPlugin({
    id: 'wallet',
    migrations: [...LEDGER_MIGRATIONS, ...SPOT_MIGRATIONS, ...WALLET_MIGRATIONS, ...CHAIN_MIGRATIONS],
    seed: seedWallet,
    async register(registrar) {
      const { context } = registrar;
      const currencies = new WalletCurrencies(context.db);
      await currencies.load();
      const wallet = new Wallet(context, context.use<IdentityService>(IDENTITY_SERVICE), currencies);
      const bills = new Bills(wallet);
      registerMemberRoutes(registrar, { wallet, bills, rates: new DisplayRates(context) });
      registerExportRoutes(registrar, { wallet, bills });
      registerConsoleRoutes(registrar, wallet);
      registrar.provide(WALLET_SERVICE, wallet.service());
      running.set(context, { wallet, chain: registerChainSide(registrar, wallet) });
    },
    async bootstrap(context) {
      const parts = running.get(context);
      if (!parts) return;
      await parts.wallet.open();
      await parts.chain.start();
    },
    async close() {
      const all = [...running.values()];
      running.clear();
      for (const { wallet, chain } of all) {
        await chain.stop();
        await wallet.close();
      }
    },
  });
}

export default createWalletServer();
