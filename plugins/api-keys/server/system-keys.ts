import type { SystemApiKey } from '../shared/service';
import { randomToken, type ApiKeyRow } from './key-store';

/** A system key may be used from the server's own host only. */
const LOOPBACK = ['127.0.0.0/8', '::1'];

export interface SystemKeyEntry {
  row: ApiKeyRow;
  secret: string;
}

/**
 * Keys the server issues to its own members (the demo market maker), kept in memory only: they never reach the
 * database or a member's list, end with the process, trade from the loopback address only and belong to a member
 * the identity plugin does not know, so nobody can sign in as it.
 */
export class SystemKeys {
  private readonly entries = new Map<string, SystemKeyEntry>();
  private issued = 0;

  constructor(private readonly now: () => Date) {}

  issue(memberId: string, label: string): SystemApiKey {
    const apiKey = randomToken();
    const secret = randomToken();
    this.issued += 1;
    const row: ApiKeyRow = {
      id: `system-${this.issued}`,
      member_id: memberId,
      label,
      api_key: apiKey,
      secret_sealed: '',
      can_trade: 1,
      ips: JSON.stringify(LOOPBACK),
      disabled: 0,
      created_at: this.now().toISOString(),
      last_used_at: null,
    };
    this.entries.set(apiKey, { row, secret });
    return { apiKey, secret };
  }

  revoke(apiKey: string): void {
    this.entries.delete(apiKey);
  }

  lookup(apiKey: string): SystemKeyEntry | undefined {
    return this.entries.get(apiKey);
  }
}
