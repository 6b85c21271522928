// Shared set-up of the wallet API tests: a server with identity and wallet (a demo site: USDT, BTC and ETH on the
// devnet), members signed up through the identity endpoints, money credited through the wallet service (the
// ledger's depositCredit, as the deposit watcher does), and operators of any role signed in with TOTP.
import { randomUUID } from 'node:crypto';
import type { LedgerCommand, UserAccountType } from '../../core/engine';
import type { SiteConfig } from '../../core/plugin-api';
import { IDENTITY_SERVICE, type IdentityService } from '../../plugins/identity/shared/service';
import { latestCodeFor } from '../../plugins/identity/server';
import { WALLET_SERVICE, type WalletService } from '../../plugins/wallet/shared/service';
import { consoleCall, signInAndBindTotp } from './console-harness';
import { fetchJson, startTestServer, TEST_OPERATOR_PASSWORD, type JsonResponse, type TestDialect, type TestServer } from './harness';

export const MEMBER_PASSWORD = 'Quiet-Lantern-73';
export const TRADE_PASSWORD = '246810';
const STAFF_PASSWORD = 'Staff-Password-42';

export interface WalletMember {
  id: string;
  uid: string;
  email: string;
  token: string;
}

export interface WalletTestServer extends TestServer {
  /** The wallet service as other plugins get it (context.use). */
  wallet: WalletService;
  identity: IdentityService;
  /** Signs up a member; `merchant` makes it an OTC merchant (is_merchant = 2), `tradePassword` sets TRADE_PASSWORD. */
  signUp(options?: { merchant?: boolean; tradePassword?: boolean }): Promise<WalletMember>;
  /** Credits the member's account through the ledger (depositCredit; coin account unless given). */
  credit(memberId: string, currency: string, amount: string, accountType?: UserAccountType): Promise<void>;
  /** Applies a ledger command and expects it accepted. */
  submit(command: LedgerCommand): Promise<void>;
  /** A token of an operator of that role (administrator: the first operator), TOTP bound; made once per role. */
  operatorToken(role?: string): Promise<string>;
  get(path: string, token?: string, query?: Record<string, string | number>): Promise<JsonResponse>;
  post(path: string, body: unknown, token?: string): Promise<JsonResponse>;
  auditRows(action: string): Promise<Array<Record<string, any>>>;
}

const auth = (token?: string): Record<string, string> => (token ? { 'Blade-Auth': `bearer ${token}` } : {});

export async function startWalletServer(
  dialect: TestDialect,
  options: { reuse?: TestServer; site?: Partial<SiteConfig>; consoleSite?: SiteConfig; now?: () => Date } = {},
): Promise<WalletTestServer> {
  const server = await startTestServer({
    dialect,
    consoleSite: options.consoleSite,
    reuse: options.reuse,
    now: options.now,
    tokenSecret: options.reuse?.tokenSecret,
    site: { plugins: ['identity', 'wallet'], ...options.site },
  });
  const wallet = server.context.use<WalletService>(WALLET_SERVICE);
  const identity = server.context.use<IdentityService>(IDENTITY_SERVICE);
  const get = (path: string, token?: string, query?: Record<string, string | number>) =>
    fetchJson(query ? `${server.api(path)}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : server.api(path), {
      headers: auth(token),
    });
  const post = (path: string, body: unknown, token?: string) =>
    fetchJson(server.api(path), { method: 'POST', headers: { 'content-type': 'application/json', ...auth(token) }, body: JSON.stringify(body) });
  const operators = new Map<string, Promise<string>>();
  let inviteCode: string | undefined;
  let signUps = 0;

  const self: WalletTestServer = Object.assign(server, {
    wallet,
    identity,
    get,
    post,
    async signUp(signUpOptions: { merchant?: boolean; tradePassword?: boolean } = {}) {
      signUps += 1;
      const email = `wallet${Date.now().toString(36)}${signUps}@example.com`;
      // each sign-up from its own address, so the per-IP code limit never applies
      const headers = { 'x-forwarded-for': `10.9.${Math.floor(signUps / 250)}.${signUps % 250}` };
      const sent = await fetchJson(`${server.api('/coin/open/send/email')}?${new URLSearchParams({ email, type: 'register' })}`, { headers });
      if (sent.status !== 200) throw new Error(`send code failed: ${JSON.stringify(sent.body)}`);
      const code = await latestCodeFor(server.context.db, email);
      const registered = await post('/coin/open/register', { account: 'email', email, code, password: MEMBER_PASSWORD, inviteCode });
      if (registered.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
      const found = await identity.searchMembers({ search: email, page: 1, size: 1 });
      const member = found.records[0]!;
      inviteCode ??= member.inviteCode;
      const token = server.mintToken('user', member.id);
      if (signUpOptions.merchant) await identity.updateMember(member.id, { isMerchant: 2 });
      if (signUpOptions.tradePassword) {
        const set = await post('/coin/member/tradePwd', { tradePwd: TRADE_PASSWORD, password: MEMBER_PASSWORD }, token);
        if (set.status !== 200) throw new Error(`trade password refused: ${JSON.stringify(set.body)}`);
      }
      return { id: member.id, uid: member.uid, email, token };
    },
    async submit(command: LedgerCommand) {
      const result = await wallet.submit(command);
      if (!result.ok) throw new Error(`ledger refused ${command.kind}: ${result.reason} ${result.field ?? ''}`);
    },
    credit(memberId: string, currency: string, amount: string, accountType?: UserAccountType) {
      return self.submit({ kind: 'depositCredit', id: `test-credit:${randomUUID()}`, at: Date.now(), userId: memberId, currency, amount, accountType });
    },
    operatorToken(role = 'administrator') {
      let token = operators.get(role);
      if (!token) {
        token = (async () => {
          if (role === 'administrator') return (await signInAndBindTotp(server, 'admin', TEST_OPERATOR_PASSWORD)).token;
          const admin = await self.operatorToken();
          const username = `${role}-${randomUUID().slice(0, 8)}`;
          const created = await consoleCall(server, '/console/operators', admin, { username, role, password: STAFF_PASSWORD });
          if (created.status !== 200) throw new Error(`operator not created: ${JSON.stringify(created.body)}`);
          return (await signInAndBindTotp(server, username, STAFF_PASSWORD)).token;
        })();
        operators.set(role, token);
      }
      return token;
    },
    auditRows: (action: string) => server.context.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute(),
  });
  return self;
}
