/**
 * What the api-keys plugin offers the plugins that mount signed /api/v3 endpoints
 * (context.use<ApiKeysService>(API_KEYS_SERVICE)).
 */
import type { BinanceError } from './binance';
import type { ApiKeyPermission } from './types';

export const API_KEYS_SERVICE = 'api-keys';

export interface SignedRequest {
  /** The X-MBX-APIKEY header. */
  apiKey: string | undefined;
  /** The query string as sent, without "?" (it holds the signature, or the body does). */
  queryString: string;
  /** An application/x-www-form-urlencoded body as sent; "" when none. */
  body: string;
  ip: string;
  /** What the endpoint needs: 'read' (account data) or 'trade' (placing and cancelling orders). */
  permission: ApiKeyPermission;
  /** Request weight charged to the key (default 1). */
  weight?: number;
}

export interface Authenticated {
  memberId: string;
  keyId: string;
  permissions: ApiKeyPermission[];
  /** The request's parameters (query then body), signature removed. */
  params: Record<string, string>;
}

/** A key the server issued to one of its own members; the secret signs that member's requests. */
export interface SystemApiKey {
  apiKey: string;
  secret: string;
}

export interface ApiKeysService {
  /**
   * Checks a signed request as Binance does: key (-2014 format, -2015 unknown, disabled, IP not allowed, permission
   * missing), per-key weight per minute (-1003, HTTP 429, then 418), recvWindow (-1131 above 60000), timestamp within
   * [now − recvWindow, now + 1000] (-1021) and the HMAC-SHA256 signature of query string + body (-1022).
   */
  authenticate(request: SignedRequest): Promise<Authenticated | BinanceError>;
  /**
   * A read + trade key for a member the server runs itself (the demo market maker, whose id is no identity member):
   * kept in memory only (gone at restart), usable from the loopback address only, never listed to anyone.
   */
  issueSystemKey(memberId: string, label: string): SystemApiKey;
  revokeSystemKey(apiKey: string): void;
}
