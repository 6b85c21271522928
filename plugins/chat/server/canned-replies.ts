import type { Kysely } from 'kysely';
import { ApiError, ERROR_CODES } from '../../../core/server';
import { chatMessageProblem } from '../../../core/shared';
import type { CannedReply, CannedReplyBody } from '../shared/types';

/** The title and text of a canned reply, trimmed; ApiError naming the field when one is unusable. */
export function checkedCannedReply(body: CannedReplyBody): CannedReplyBody {
  const title = body.title.trim();
  if (!title) throw ApiError.fieldRequired('title');
  const content = body.content.trim();
  const problem = chatMessageProblem(content);
  if (problem) throw new ApiError(ERROR_CODES.badRequest, `chat:${problem}`, { field: 'content' });
  return { title, content };
}

const toReply = (row: Record<string, any>): CannedReply => ({
  id: Number(row.id),
  title: String(row.title),
  content: String(row.content),
  updatedAt: String(row.updated_at),
});

/** Prepared answers of the support desk, kept per site. */
export class CannedReplies {
  constructor(
    private readonly db: Kysely<any>,
    private readonly site: string,
    private readonly now: () => Date,
  ) {}

  async list(): Promise<CannedReply[]> {
    const rows = await this.db.selectFrom('chat_canned_reply').selectAll().where('site', '=', this.site).orderBy('title').orderBy('id').execute();
    return rows.map(toReply);
  }

  async byId(id: number): Promise<CannedReply | undefined> {
    const row = await this.db.selectFrom('chat_canned_reply').selectAll().where('site', '=', this.site).where('id', '=', id).executeTakeFirst();
    return row ? toReply(row) : undefined;
  }

  async create(reply: CannedReplyBody, operatorId: string): Promise<CannedReply> {
    const at = this.now().toISOString();
    const inserted = await this.db
      .insertInto('chat_canned_reply')
      .values({ site: this.site, title: reply.title, content: reply.content, operator_id: operatorId, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(inserted.id), ...reply, updatedAt: at };
  }

  async update(id: number, reply: CannedReplyBody, operatorId: string): Promise<CannedReply> {
    const at = this.now().toISOString();
    await this.db
      .updateTable('chat_canned_reply')
      .set({ title: reply.title, content: reply.content, operator_id: operatorId, updated_at: at })
      .where('site', '=', this.site)
      .where('id', '=', id)
      .execute();
    return { id, ...reply, updatedAt: at };
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('chat_canned_reply').where('site', '=', this.site).where('id', '=', id).execute();
  }
}
