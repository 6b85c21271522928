/** Wire types, paths and limits of the API-key management in the account center. */

export type ApiKeyPermission = 'read' | 'trade';

export const LABEL_MAX = 40;
export const KEYS_PER_MEMBER_MAX = 20;
export const IPS_PER_KEY_MAX = 20;

export const API_KEYS_PATHS = {
  list: '/coin/member/apiKey/list',
  create: '/coin/member/apiKey/create',
  /** POST …/delete/{id} */
  remove: '/coin/member/apiKey/delete',
} as const;

export const API_KEYS_ROUTE = 'api-keys.manage';

/** A key as the member's list shows it; the secret is never part of it. */
export interface ApiKeyView {
  id: string;
  label: string;
  apiKey: string;
  permissions: ApiKeyPermission[];
  /** Addresses or CIDR ranges the key may be used from; empty: any address. */
  ips: string[];
  createdAt: string;
  lastUsedAt: string | null;
  disabled: boolean;
}

export interface ApiKeyCreation {
  label: string;
  trade: boolean;
  ips: string[];
  tradePassword: string;
  googleCode?: string;
}

/** The answer to a creation: the only time the secret leaves the server. */
export interface CreatedApiKey extends ApiKeyView {
  secret: string;
}
