import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES, rowIdOf } from '../../../core/server';
import { KEYS_PER_MEMBER_MAX, type ApiKeyPermission, type ApiKeyView, type CreatedApiKey } from '../shared/types';
import type { SecretBox } from './secret-box';

export interface ApiKeyRow {
  id: number | string;
  member_id: string;
  label: string;
  api_key: string;
  secret_sealed: string;
  can_trade: number;
  ips: string;
  disabled: number;
  created_at: string;
  last_used_at: string | null;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const API_KEY_PATTERN = /^[A-Za-z0-9]{64}$/;

/** 64 random letters and digits, like Binance's keys and secrets (62 symbols, rejection sampling keeps them uniform). */
export function randomToken(length = 64): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

export function permissionsOf(row: Pick<ApiKeyRow, 'can_trade'>): ApiKeyPermission[] {
  return Number(row.can_trade) === 1 ? ['read', 'trade'] : ['read'];
}

export function viewOf(row: ApiKeyRow): ApiKeyView {
  return {
    id: String(row.id),
    label: row.label,
    apiKey: row.api_key,
    permissions: permissionsOf(row),
    ips: JSON.parse(row.ips) as string[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    disabled: Number(row.disabled) === 1,
  };
}

/** The api_key table: a member's keys, and the lookup by key the authentication does. */
export class KeyStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly box: SecretBox,
    private readonly now: () => Date,
  ) {}

  async listOf(memberId: string): Promise<ApiKeyView[]> {
    const rows = await this.db.selectFrom('api_key').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').execute();
    return (rows as ApiKeyRow[]).map(viewOf);
  }

  async create(memberId: string, input: { label: string; trade: boolean; ips: string[] }): Promise<CreatedApiKey> {
    const secret = randomToken();
    const sealed = await this.box.seal(secret);
    const row = await this.db.transaction().execute(async (trx) => {
      const { count } = await trx
        .selectFrom('api_key')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('member_id', '=', memberId)
        .executeTakeFirstOrThrow();
      if (Number(count) >= KEYS_PER_MEMBER_MAX) {
        throw new ApiError(ERROR_CODES.conflict, 'api-keys:tooManyKeys', { params: { max: KEYS_PER_MEMBER_MAX } });
      }
      return (await trx
        .insertInto('api_key')
        .values({
          member_id: memberId,
          label: input.label,
          api_key: randomToken(),
          secret_sealed: sealed,
          can_trade: input.trade ? 1 : 0,
          ips: JSON.stringify(input.ips),
          disabled: 0,
          created_at: this.now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow()) as ApiKeyRow;
    });
    return { ...viewOf(row), secret };
  }

  /** Deletes one of the member's keys; false when the member has no such key. */
  async remove(memberId: string, id: string): Promise<boolean> {
    const rowId = rowIdOf(id);
    if (rowId === null) return false;
    const result = await this.db.deleteFrom('api_key').where('id', '=', rowId).where('member_id', '=', memberId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async byApiKey(apiKey: string): Promise<ApiKeyRow | undefined> {
    return (await this.db.selectFrom('api_key').selectAll().where('api_key', '=', apiKey).executeTakeFirst()) as ApiKeyRow | undefined;
  }

  secretOf(row: ApiKeyRow): Promise<string> {
    return this.box.open(row.secret_sealed);
  }

  async markUsed(id: ApiKeyRow['id'], at: Date): Promise<void> {
    await this.db.updateTable('api_key').set({ last_used_at: at.toISOString() }).where('id', '=', id).execute();
  }
}
