import { BINANCE_ERRORS, RECV_WINDOW_DEFAULT_MS, RECV_WINDOW_MAX_MS, TIMESTAMP_AHEAD_MAX_MS, type BinanceError } from '../shared/binance';
import type { ApiKeysService, Authenticated, SignedRequest } from '../shared/service';
import { ipAllowed } from './ip-allow-list';
import { API_KEY_PATTERN, permissionsOf, type KeyStore } from './key-store';
import { signatureMatches, withoutSignature } from './signature';
import type { SystemKeys } from './system-keys';
import type { WeightLimit } from './weight-limit';

/** last_used_at is written at most once a minute per key, not on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;

export interface AuthenticatorDeps {
  keys: KeyStore;
  /** Keys of the server's own members, checked before the database. */
  system: SystemKeys;
  limit: WeightLimit;
  now: () => Date;
  /** False for a member who may not use the platform now (frozen). */
  memberActive: (memberId: string) => Promise<boolean>;
}

const INTEGER = /^\d{1,16}$/;

/** Binance's checks of a signed request, in Binance's order: key, limits, parameters, time, signature. */
export function createAuthenticator(deps: AuthenticatorDeps): ApiKeysService['authenticate'] {
  return async (request: SignedRequest): Promise<Authenticated | BinanceError> => {
    const apiKey = request.apiKey?.trim();
    if (!apiKey || !API_KEY_PATTERN.test(apiKey)) return BINANCE_ERRORS.badApiKeyFormat();
    const system = deps.system.lookup(apiKey);
    const row = system?.row ?? (await deps.keys.byApiKey(apiKey));
    if (!row || Number(row.disabled) === 1) return BINANCE_ERRORS.rejectedApiKey();

    const charged = deps.limit.charge(String(row.id), request.weight ?? 1);
    if (charged.verdict === 'banned') return BINANCE_ERRORS.banned(charged.until);
    if (charged.verdict === 'limited') return BINANCE_ERRORS.tooManyRequests(deps.limit.limitPerMinute);

    const permissions = permissionsOf(row);
    if (!ipAllowed(JSON.parse(row.ips) as string[], request.ip) || !permissions.includes(request.permission)) {
      return BINANCE_ERRORS.rejectedApiKey();
    }
    if (!system && !(await deps.memberActive(row.member_id))) return BINANCE_ERRORS.rejectedApiKey();

    const { signed, signature } = withoutSignature(request.queryString, request.body);
    const params = Object.fromEntries([...new URLSearchParams(request.queryString), ...new URLSearchParams(request.body)].filter(([key]) => key !== 'signature'));
    const recvWindowText = params.recvWindow ?? String(RECV_WINDOW_DEFAULT_MS);
    if (!INTEGER.test(recvWindowText)) return BINANCE_ERRORS.mandatoryParam('recvWindow');
    const recvWindow = Number(recvWindowText);
    if (recvWindow > RECV_WINDOW_MAX_MS) return BINANCE_ERRORS.badRecvWindow();
    if (!params.timestamp || !INTEGER.test(params.timestamp)) return BINANCE_ERRORS.mandatoryParam('timestamp');
    if (!signature) return BINANCE_ERRORS.mandatoryParam('signature');

    const now = deps.now();
    const timestamp = Number(params.timestamp);
    if (timestamp < now.getTime() - recvWindow || timestamp > now.getTime() + TIMESTAMP_AHEAD_MAX_MS) return BINANCE_ERRORS.invalidTimestamp();
    const secret = system ? system.secret : await deps.keys.secretOf(row);
    if (!signatureMatches(secret, signed, signature)) return BINANCE_ERRORS.invalidSignature();

    if (!system && (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= LAST_USED_GRANULARITY_MS)) await deps.keys.markUsed(row.id, now);
    return { memberId: row.member_id, keyId: String(row.id), permissions, params };
  };
}
