/**
 * The demo market maker of a demo site: two system members ("Demo market maker" quoting, "Demo market taker"
 * crossing now and then) funded once by ledger deposits with fixed ids, trading through the server's own
 * /api/v3 with in-memory keys like any bot. On when the site's features.demo is true and BOURSE_DEMO_MAKER is
 * not "0"; stopped with the server.
 */
import type { ServerContext } from '../../../../core/server';
import { API_KEYS_SERVICE, type ApiKeysService } from '../../../api-keys/shared/service';
import type { WalletService } from '../../../wallet/shared/service';
import { ApiV3Client } from './client';
import { DemoMaker } from './maker';

/** Ledger owner ids of the demo members: no identity member has them, so nobody can sign in, withdraw or trade as them. */
export const DEMO_MAKER_MEMBER = 'demo-market-maker';
export const DEMO_TAKER_MEMBER = 'demo-market-taker';
export const DEMO_MEMBER_LABELS: Record<string, string> = { [DEMO_MAKER_MEMBER]: 'Demo market maker', [DEMO_TAKER_MEMBER]: 'Demo market taker' };

/** What each demo member starts with (deposited once: the command ids are fixed). */
const FUNDING: Record<string, string> = { USDT: '5000000', BTC: '50', ETH: '1000' };

export const DEFAULT_INTERVAL_MS = 1200;

export interface DemoMakerSettings {
  /** Overrides the environment (tests); default: BOURSE_DEMO_MAKER !== '0'. */
  enabled?: boolean;
  intervalMs?: number;
  crossChance?: number;
}

export function demoMakerEnabled(context: Pick<ServerContext, 'site'>, settings: DemoMakerSettings, env: NodeJS.ProcessEnv = process.env): boolean {
  return context.site.features.demo === true && (settings.enabled ?? env.BOURSE_DEMO_MAKER !== '0');
}

/** Funds the demo members, issues their keys and starts quoting; resolves with the stop function. */
export async function startDemoMaker(context: ServerContext, wallet: WalletService, settings: DemoMakerSettings): Promise<() => Promise<void>> {
  for (const member of [DEMO_MAKER_MEMBER, DEMO_TAKER_MEMBER]) {
    for (const [currency, amount] of Object.entries(FUNDING)) {
      if (wallet.scaleOf(currency) === undefined) continue;
      const result = await wallet.submit({ kind: 'depositCredit', id: `demo-maker:fund:${member}:${currency}`, at: 0, userId: member, currency, amount });
      if (!result.ok) context.log.warn('demo market maker: funding refused', { member, currency, result });
    }
  }
  const keys = context.use<ApiKeysService>(API_KEYS_SERVICE);
  const makerKey = keys.issueSystemKey(DEMO_MAKER_MEMBER, DEMO_MEMBER_LABELS[DEMO_MAKER_MEMBER]!);
  const takerKey = keys.issueSystemKey(DEMO_TAKER_MEMBER, DEMO_MEMBER_LABELS[DEMO_TAKER_MEMBER]!);
  const baseUrl = () => context.listeningUrl();
  const now = () => context.now().getTime();
  const maker = new DemoMaker({
    maker: new ApiV3Client(baseUrl, makerKey, now),
    taker: new ApiV3Client(baseUrl, takerKey, now),
    referencePrice: (base, quote) => (quote === 'USDT' ? wallet.usdtPrice(base) : undefined),
    intervalMs: settings.intervalMs ?? DEFAULT_INTERVAL_MS,
    ...(settings.crossChance !== undefined ? { crossChance: settings.crossChance } : {}),
    onError: (message) => context.log.warn(`demo market maker: ${message}`),
  });
  maker.start();
  context.log.info('demo market maker: quoting the demo markets through /api/v3');
  return async () => {
    await maker.stop();
    keys.revokeSystemKey(makerKey.apiKey);
    keys.revokeSystemKey(takerKey.apiKey);
  };
}
