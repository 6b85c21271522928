import { definePlugin, PLUGIN_API_VERSION } from '../../core/plugin-api';

export default definePlugin({
  id: 'wallet',
  apiVersion: PLUGIN_API_VERSION,
  dependsOn: ['identity'],
  parts: { web: true, server: true },
  description: 'Wallet: the site ledger, currencies and networks, accounts, transfers, bills, deposits and withdrawals.',
});
